import { rightsBeyond, rightsOf } from '../access/grants';
import { hashPassword } from '../auth/passwords';
import type { ResourceHooks } from '../engine/hooks';
import type { FieldProblem } from '../errors';

const sameRoles = (a: unknown, b: unknown) =>
  JSON.stringify([...((a as string[]) ?? [])].sort()) === JSON.stringify([...((b as string[]) ?? [])].sort());

/**
 * A password is hashed into password_hash and never stored or returned as given. A role given to
 * someone (themselves included) grants nothing the giver lacks (access/grants.ts): the users' edit
 * right alone would otherwise make anyone an admin. A user whose roles change or who is disabled
 * is signed out everywhere: a session must not keep rights it has lost (the admin editing their
 * own account keeps theirs).
 */
export const usersHooks: ResourceHooks = {
  async beforeWrite(input, { tx, current, viewer, policy, roles }) {
    const problems: FieldProblem[] = [];
    const given = ((input.roles as string[]) ?? []).filter(
      (role) => !((current?.roles as string[]) ?? []).includes(role),
    );
    if (
      policy &&
      roles &&
      given.length &&
      (await rightsBeyond(policy, await rightsOf(policy, given), roles, tx)).length
    )
      problems.push({ field: 'roles', key: 'validation.roleBeyondGranter' });
    const password = input.password as string | undefined;
    if (!password && !current) problems.push({ field: 'password', key: 'validation.passwordRequired' });
    if (problems.length) return { problems };
    if (
      current &&
      current.id !== viewer.userId &&
      (!sameRoles(input.roles, current.roles) || input.status !== current.status)
    )
      await tx.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [current.id]);
    return password ? { columns: { password_hash: await hashPassword(password) } } : {};
  },
};
