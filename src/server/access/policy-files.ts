import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../db/types';
import { ROOT_DIR } from '../paths';
import { formatPolicyCsv, parsePolicyCsv, type PolicyLine } from './policy-store';

/** A line as casbin_rule holds it: the type and three values, '' where a line has fewer. */
type Row = { ptype: string; v0: string; v1: string; v2: string };

const rowOf = (line: PolicyLine): Row => ({
  ptype: line.ptype,
  v0: line.values[0] ?? '',
  v1: line.values[1] ?? '',
  v2: line.values[2] ?? '',
});
/** A line in the files' own form, `p, <role>, <object>, <type>`: how drift names it. */
export const lineText = (row: Row) =>
  formatPolicyCsv([{ ptype: row.ptype, values: [row.v0, row.v1, row.v2].filter((v) => v !== '') }]).trim();
const keyOf = (row: Row) => `${row.ptype}\u0000${row.v0}\u0000${row.v1}\u0000${row.v2}`;

/** policies/*.csv as one list of lines (today one file, policy.csv). */
export const readPolicyFiles = (dir = join(ROOT_DIR, 'policies')): PolicyLine[] =>
  parsePolicyCsv(readFileSync(join(dir, 'policy.csv'), 'utf8'));

const insertRows = (tx: Queryable, table: string, rows: Row[], source?: string) =>
  rows.length
    ? tx.query(
        `INSERT INTO ${table}(ptype, v0, v1, v2${source ? ', source' : ''})
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])${source ? `, (SELECT $5::text)` : ''} s`,
        [
          rows.map((r) => r.ptype),
          rows.map((r) => r.v0),
          rows.map((r) => r.v1),
          rows.map((r) => r.v2),
          ...(source ? [source] : []),
        ],
      )
    : undefined;

export interface FilesApplied {
  granted: string[];
  revoked: string[];
  /** Lines the files gained that a person had removed on the screen: reported, not granted again. */
  conflicts: string[];
}

/**
 * Brings the live policy up to the files (issue 39), in the caller's transaction, on every start.
 * An empty policy is the files whole. Otherwise only what the files changed since the last start
 * is applied: a line they gained is granted (a conflict when a person had removed it on the
 * screen since it was last in the files), a line they lost is revoked where it came from them.
 * Everything else a person did on the screen stays, and is the drift (policyDrift).
 */
export async function applyPolicyFiles(tx: Queryable, files: PolicyLine[]): Promise<FilesApplied> {
  const wanted = new Map(files.map(rowOf).map((row) => [keyOf(row), row]));
  const live = new Map((await tx.query<Row>('SELECT ptype, v0, v1, v2 FROM casbin_rule')).map((r) => [keyOf(r), r]));
  const before = await tx.query<Row>('SELECT ptype, v0, v1, v2 FROM policy_file_lines');
  const applied: FilesApplied = { granted: [], revoked: [], conflicts: [] };
  const firstStart = !before.length;
  const known = new Set(before.map(keyOf));
  const gained = [...wanted.values()].filter((row) => (firstStart ? !live.size : !known.has(keyOf(row))));
  const lost = before.filter((row) => !wanted.has(keyOf(row)));
  const grant = gained.filter((row) => !live.has(keyOf(row)));
  // Gained by the files but already live, or present in them at the last start: theirs from now on.
  await tx.query(
    `UPDATE casbin_rule c SET source = 'file' FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) f(ptype, v0, v1, v2)
      WHERE c.ptype = f.ptype AND c.v0 = f.v0 AND c.v1 = f.v1 AND c.v2 = f.v2 AND c.source <> 'file'`,
    ['ptype', 'v0', 'v1', 'v2'].map((k) => [...wanted.values()].map((row) => row[k as keyof Row])),
  );
  await insertRows(tx, 'casbin_rule', grant, 'file');
  applied.granted = grant.map(lineText);
  if (lost.length) {
    const gone = await tx.query<Row>(
      `DELETE FROM casbin_rule c USING unnest($1::text[], $2::text[], $3::text[], $4::text[]) f(ptype, v0, v1, v2)
        WHERE c.ptype = f.ptype AND c.v0 = f.v0 AND c.v1 = f.v1 AND c.v2 = f.v2 AND c.source = 'file'
        RETURNING c.ptype, c.v0, c.v1, c.v2`,
      ['ptype', 'v0', 'v1', 'v2'].map((k) => lost.map((row) => row[k as keyof Row])),
    );
    applied.revoked = gone.map(lineText);
  }
  // Lines the files held last time and still hold, missing from the live policy: a person removed them.
  if (!firstStart)
    applied.conflicts = [...wanted.values()]
      .filter((row) => known.has(keyOf(row)) && !live.has(keyOf(row)))
      .map(lineText);
  await tx.query('DELETE FROM policy_file_lines');
  await insertRows(tx, 'policy_file_lines', [...wanted.values()]);
  return applied;
}

export interface DriftLine {
  /** In the files' form: `p, <role>, <object>, <type>`. */
  line: string;
  /** Who changed it on the screen, and when (the audit trail's latest such change); null where none is recorded. */
  by: string | null;
  at: string | null;
}

/** The latest grant audit row that added (`sign` true) or removed an object from a role, or the role's deletion. */
const changedBy = (added: boolean) => `
  SELECT d.ptype, d.v0, d.v1, d.v2, a.at, u.name AS by
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS d(ptype, v0, v1, v2, n)
    LEFT JOIN roles r ON r.name = d.v0
    LEFT JOIN LATERAL (
      SELECT a.at, a.user_id FROM audit_log a
       WHERE a.entity = 'roles'
         AND ((a.action = 'grant' AND a.entity_id = r.id::text
               AND ${added ? 'a.after ? d.v1 AND NOT coalesce(a.before ? d.v1, false)' : 'a.before ? d.v1 AND NOT coalesce(a.after ? d.v1, false)'})
              ${added ? '' : "OR (a.action = 'delete' AND a.before->>'name' = d.v0)"})
       ORDER BY a.at DESC, a.id DESC LIMIT 1) a ON true
    LEFT JOIN users u ON u.id = a.user_id
   ORDER BY d.n`;

/**
 * What the live policy holds beyond the files (added on the screen) and what the files hold that
 * it lacks (removed on the screen), each with who and when from the audit trail (issue 39):
 * `GET /system/roles/policy/drift`, the Permissions screen and `npm run policy:check` read it.
 */
export async function policyDrift(q: Queryable, files: PolicyLine[]) {
  const wanted = new Map(files.map(rowOf).map((row) => [keyOf(row), row]));
  const live = await q.query<Row>('SELECT ptype, v0, v1, v2 FROM casbin_rule ORDER BY id');
  const liveKeys = new Set(live.map(keyOf));
  const side = async (rows: Row[], added: boolean): Promise<DriftLine[]> => {
    if (!rows.length) return [];
    const found = await q.query<Row & { at: Date | string | null; by: string | null }>(
      changedBy(added),
      ['ptype', 'v0', 'v1', 'v2'].map((k) => rows.map((row) => row[k as keyof Row])),
    );
    return found.map((row) => ({
      line: lineText(row),
      by: row.by,
      at: row.at === null ? null : new Date(row.at).toISOString(),
    }));
  };
  return {
    added: await side(
      live.filter((row) => !wanted.has(keyOf(row))),
      true,
    ),
    removed: await side(
      [...wanted.values()].filter((row) => !liveKeys.has(keyOf(row))),
      false,
    ),
  };
}
