import { createHash } from 'node:crypto';
import { columnName, tableName, type ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { sortKeys, withIdTiebreak, type SortKey } from './list-query';
import { ident, systemColumns, table } from './sql';

export interface IndexSpec {
  name: string;
  sql: string;
}

const stored = (r: ResourceDef, field: string) =>
  Boolean(
    systemColumns[field] ||
    (r.schema.properties[field] && !r.schema.properties[field]['x-sql'] && !r.schema.properties[field].writeOnly),
  );

const columnOf = (field: string) => systemColumns[field]?.column ?? columnName(field);

/** Named by table and content: resources sharing a table share an index, never collide on a name. */
const named = (name: string, sql: string): IndexSpec => ({
  name: `${name}_${createHash('md5').update(sql).digest('hex').slice(0, 8)}_idx`,
  sql,
});

const keyColumn = (key: SortKey) => `${ident(columnOf(key.field))}${key.descending ? ' DESC' : ''}`;

/**
 * The indexes a resource's list screens need beyond the per-field ones (x-filter, x-ref, x-unique):
 * its default sort, the same sort within one tenant (a shipper's page of its own rows is then an
 * index walk, not a sort of the table), and trigram indexes for the fields `q` searches.
 * Sorts over computed (x-sql) fields cannot be indexed and are left out.
 */
export function listIndexes(r: ResourceDef, trigram: boolean): IndexSpec[] {
  const name = tableName(r);
  const specs: IndexSpec[] = [];
  const keys = sortKeys(r.sort);
  const sortable = keys.every((key) => stored(r, key.field));
  const ordered = withIdTiebreak(keys);
  if (sortable && !(ordered.length === 1 && ordered[0].field === 'id'))
    specs.push(named(name, `(${ordered.map(keyColumn).join(', ')})`));
  if (sortable && r.tenant && r.tenant !== 'id' && !keys.some((key) => key.field === r.tenant))
    specs.push(named(name, `(${[ident(columnName(r.tenant)), ...ordered.map(keyColumn)].join(', ')})`));
  for (const index of r.indexes ?? []) {
    const columns = (fields: string[]) => fields.map((f) => ident(columnOf(f))).join(', ');
    const include = index.include ? ` INCLUDE (${columns(index.include)})` : '';
    specs.push(named(name, `(${columns(index.fields)})${include}${index.where ? ` WHERE ${index.where}` : ''}`));
  }
  // An import finds the records its rows update by their natural key (issue 27); one into a
  // record's relation reads that record's rows by their foreign key.
  if (r.import && !r.import.into)
    specs.push(named(name, `(${r.import.key.map((f) => ident(columnOf(f))).join(', ')})`));
  // A stored file is read by finding the records that reference it (files/file-access.ts).
  for (const [field, schema] of Object.entries(r.schema.properties))
    if ((schema['x-widget'] === 'file' || schema['x-widget'] === 'image') && stored(r, field))
      specs.push(named(name, `(${ident(columnName(field))})`));
  if (trigram)
    for (const field of r.search) {
      const schema = r.schema.properties[field];
      if (schema?.type === 'string' && !schema['x-sql'] && !schema.format)
        specs.push(named(name, `USING gin (${ident(columnName(field))} gin_trgm_ops)`));
    }
  return specs;
}

/** Loads pg_trgm where the server has it (PGlite ships it; Debian's postgresql too); false otherwise. */
export async function enableTrigram(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ available: boolean; installed: boolean }>(
    `SELECT count(*) > 0 AS available, bool_or(installed_version IS NOT NULL) AS installed
       FROM pg_available_extensions WHERE name = 'pg_trgm'`,
  );
  if (!row.available) return false;
  if (!row.installed) await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  return true;
}

export async function createListIndexes(db: Queryable, r: ResourceDef, trigram: boolean) {
  for (const spec of listIndexes(r, trigram))
    await db.query(`CREATE INDEX IF NOT EXISTS ${ident(spec.name)} ON ${table(r)} ${spec.sql}`);
}
