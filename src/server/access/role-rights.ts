import type { Queryable } from '../db/types';

/**
 * Replaces a role's policy lines in the caller's transaction and writes the role-grant audit row
 * the drift report reads its author and time from. Every way the product grants a right goes
 * through here: the role editor and an applied customization's new rights alike. `decide` is
 * handed the role's current rights (locked) and answers the ones it holds from now on, or throws
 * to refuse; `typeOf` names each right's policy type (1 a page or button, 3 a data right).
 */
export async function writeRoleRights(
  tx: Queryable,
  role: { id: number | string; name: string },
  userId: number,
  decide: (before: string[]) => Promise<string[]> | string[],
  typeOf: (object: string) => number,
) {
  const before = (
    await tx.query<{ v1: string }>("SELECT v1 FROM casbin_rule WHERE ptype = 'p' AND v0 = $1 ORDER BY id FOR UPDATE", [
      role.name,
    ])
  ).map((b) => b.v1);
  const after = [...new Set(await decide(before))];
  // Only what changed is written: a kept line keeps its provenance (from the files or the screen),
  // which decides whether the files may later revoke it.
  const added = after.filter((object) => !before.includes(object));
  await tx.query("DELETE FROM casbin_rule WHERE ptype = 'p' AND v0 = $1 AND NOT (v1 = ANY($2::text[]))", [
    role.name,
    after,
  ]);
  await tx.query(
    `INSERT INTO casbin_rule(ptype, v0, v1, v2)
     SELECT 'p', $1, object, type FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(object, type, n) ORDER BY n`,
    [role.name, added, added.map((object) => String(typeOf(object)))],
  );
  await tx.query(
    'INSERT INTO audit_log(user_id, entity, entity_id, action, before, after) VALUES ($1, $2, $3, $4, $5, $6)',
    [userId, 'roles', String(role.id), 'grant', JSON.stringify(before), JSON.stringify(after)],
  );
  return after;
}
