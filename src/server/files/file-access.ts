import { resources } from '../../../resources/index';
import type { ResourceDef } from '../../domain/resource';
import type { PolicyStore } from '../access/policy-store';
import type { Queryable } from '../db/types';
import { scopeCondition, type Viewer } from '../engine/scope';
import { column, table } from '../engine/sql';
import type { SessionUser } from '../types';

/** Declared fields that hold a stored file or image, by resource: where a path can be referenced. */
const fileFields = (): [ResourceDef, string[]][] =>
  resources
    .map((r): [ResourceDef, string[]] => [
      r,
      Object.entries(r.schema.properties)
        // A computed (x-sql) field shows another record's file, which is checked there.
        .filter(([, s]) => (s['x-widget'] === 'file' || s['x-widget'] === 'image') && !s['x-sql'])
        .map(([field]) => field),
    ])
    .filter(([, fields]) => fields.length > 0);

/**
 * A stored file belongs to the records that reference it (DESIGN 8 Files): reading it needs the
 * right to read one of them (the resource's page in the policy and the record in the viewer's
 * scope). Until a record references it, only its uploader may read it back; a user always sees
 * their own avatar. An image field keeps
 * the file's URL, a file field its path; both forms are matched.
 */
export async function canReadFile(
  db: Queryable,
  policy: PolicyStore,
  user: SessionUser,
  viewer: Viewer,
  path: string,
  urlPrefix: string,
): Promise<boolean> {
  const [own] = await db.query(
    `SELECT 1 FROM stored_files WHERE path = $1 AND uploaded_by = $2
     UNION ALL SELECT 1 FROM users WHERE id = $2 AND avatar = ANY($3::text[])`,
    [path, user.id, [path, `${urlPrefix}/${path}`]],
  );
  if (own) return true;
  for (const [r, fields] of fileFields()) {
    if (r.read !== 'any' && !(await policy.allows(user.roles, r.permission))) continue;
    const params: unknown[] = [[path, `${urlPrefix}/${path}`]];
    const scope = scopeCondition(r, viewer, 't', (v) => `$${params.push(v)}`);
    const matches = fields.map((f) => `t.${column(f)} = ANY($1::text[])`).join(' OR ');
    const [hit] = await db.query(`SELECT 1 FROM ${table(r)} t WHERE (${matches})${scope ? ` AND ${scope}` : ''} LIMIT 1`, params);
    if (hit) return true;
  }
  return false;
}
