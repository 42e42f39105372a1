import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP-level memory cost). */
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

/**
 * Verified against when the account does not exist, so a wrong name costs the same time as a
 * wrong password and the reply cannot tell them apart.
 */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-never-matches'));
