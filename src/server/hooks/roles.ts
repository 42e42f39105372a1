import type { ResourceHooks } from '../engine/hooks';

/**
 * A role's name is the subject of its policy lines and sits in users' role lists, so it cannot be
 * renamed, and a role someone still holds cannot be deleted. Deleting one drops its policy lines.
 */
export const rolesHooks: ResourceHooks = {
  async beforeWrite(input, { current }) {
    if (current && current.name !== input.name) return { problems: [{ field: 'name', key: 'validation.roleRename' }] };
    return {};
  },
  async beforeDelete(record, { tx }) {
    const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE $1 = ANY(roles)', [
      record.name,
    ]);
    if (n) return [{ field: 'name', key: 'validation.roleInUse' }];
    await tx.query("DELETE FROM casbin_rule WHERE ptype = 'p' AND v0 = $1", [record.name]);
    return [];
  },
};
