import { hashPassword } from '../auth/passwords';
import type { ResourceHooks } from '../engine/hooks';

const sameRoles = (a: unknown, b: unknown) =>
  JSON.stringify([...((a as string[]) ?? [])].sort()) === JSON.stringify([...((b as string[]) ?? [])].sort());

/**
 * A password is hashed into password_hash and never stored or returned as given. A user whose roles
 * change or who is disabled is signed out everywhere: a session must not keep rights it has lost
 * (the admin editing their own account keeps theirs).
 */
export const usersHooks: ResourceHooks = {
  async beforeWrite(input, { tx, current, viewer }) {
    if (
      current &&
      current.id !== viewer.userId &&
      (!sameRoles(input.roles, current.roles) || input.status !== current.status)
    )
      await tx.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [current.id]);
    const password = input.password as string | undefined;
    if (!password) return current ? {} : { problems: [{ field: 'password', key: 'validation.passwordRequired' }] };
    return { columns: { password_hash: await hashPassword(password) } };
  },
};
