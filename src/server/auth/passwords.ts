/**
 * argon2 (a native addon) is loaded by the first password checked, not at start: it was a
 * twentieth of a warm restart, and a restart may serve many requests before anyone signs in.
 */
const argon2 = () => import('@node-rs/argon2');

/** argon2id with the library's defaults (OWASP-level memory cost). */
export const hashPassword = async (password: string) => (await argon2()).hash(password, { algorithm: 2 });

export const verifyPassword = async (passwordHash: string, password: string) =>
  (await argon2()).verify(passwordHash, password).catch(() => false);

/**
 * Verified against when the account does not exist, so a wrong name costs the same time as a
 * wrong password and the reply cannot tell them apart.
 */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-never-matches'));
