import { resources } from '../../../resources/index';
import type { ResourceDef } from '../../domain/resource';
import type { PolicyStore } from '../access/policy-store';
import { callerMay } from '../access/key-rights';
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
 * scope). Until a record references it, only its uploader may read it back: a person, or the key
 * it was uploaded with (a key acts as its creator, but never reads its creator's other files,
 * issue 37). A file kept for an organization (an import's) is read by whoever sees that
 * organization. A user always sees their own avatar. An image field keeps the file's URL, a file field its path; both forms are
 * matched. The paths the viewer may read, of those asked: one statement per resource holding files,
 * however many paths (a page of thumbnails signs them all at once).
 */
export async function readableFiles(
  db: Queryable,
  policy: PolicyStore,
  user: SessionUser,
  viewer: Viewer,
  paths: string[],
  urlPrefix: string,
): Promise<Set<string>> {
  const forms = paths.flatMap((path) => [path, `${urlPrefix}/${path}`]);
  const asPath = (value: string) => (value.startsWith(`${urlPrefix}/`) ? value.slice(urlPrefix.length + 1) : value);
  const readable = new Set<string>();
  const own = await db.query<{ value: string }>(
    `SELECT path AS value FROM stored_files
      WHERE path = ANY($1::text[])
        AND (CASE WHEN $3::int IS NULL THEN uploaded_by = $2 ELSE api_key_id = $3 END
             OR organization_id = ANY($4::int[]) OR ($5 AND organization_id IS NOT NULL))
     UNION SELECT avatar FROM users WHERE id = $2 AND $3::int IS NULL AND avatar = ANY($1::text[])`,
    [forms, user.id, user.apiKeyId ?? null, viewer.all ? [] : viewer.organizationIds, viewer.all],
  );
  for (const { value } of own) readable.add(asPath(value));
  for (const [r, fields] of fileFields()) {
    if (readable.size === new Set(paths).size) break;
    if (r.read !== 'any' && !(await callerMay(policy, user, r.permission))) continue;
    const params: unknown[] = [forms];
    const scope = scopeCondition(r, viewer, 't', (v) => `$${params.push(v)}`);
    const matches = fields.map((f) => `t.${column(f)} = ANY($1::text[])`).join(' OR ');
    const values = fields.map((f) => `t.${column(f)}::text`).join(', ');
    const hits = await db.query<{ value: string }>(
      `SELECT DISTINCT v AS value FROM ${table(r)} t, unnest(ARRAY[${values}]) v WHERE (${matches})${scope ? ` AND ${scope}` : ''} AND v = ANY($1::text[])`,
      params,
    );
    for (const { value } of hits) readable.add(asPath(value));
  }
  return readable;
}

/** Whether the viewer may read one stored file (readableFiles for one path). */
export async function canReadFile(
  db: Queryable,
  policy: PolicyStore,
  user: SessionUser,
  viewer: Viewer,
  path: string,
  urlPrefix: string,
) {
  return (await readableFiles(db, policy, user, viewer, [path], urlPrefix)).has(path);
}
