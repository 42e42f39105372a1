import { resourceByName } from '../../../resources/index';
import { tableName, type ResourceDef } from '../../domain/resource';
import type { Dep } from './read-cache';
import type { Viewer } from './scope';

/** The tables a resource's rows depend on: its own and, for scoping, its parents'. */
export const tablesRead = (r: ResourceDef): string[] =>
  r.parent ? [tableName(r), ...tablesRead(resourceByName(r.parent.resource)!)] : [tableName(r)];

/**
 * The tables a resource's records are read from, when that is all they depend on: not for fields
 * computed by SQL (other tables, or the clock) or narrowings written as SQL. Reads of those are
 * kept until one of these tables is written (read-cache.ts); the others are read every time.
 */
export const cacheableTables = (r: ResourceDef): string[] | undefined => {
  // Asked by every read: worked out once per declaration.
  if (!cacheable.has(r))
    cacheable.set(
      r,
      r.where || r.customerWhere || Object.values(r.schema.properties).some((p) => p['x-sql'])
        ? undefined
        : tablesRead(r),
    );
  return cacheable.get(r);
};
const cacheable = new WeakMap<ResourceDef, string[] | undefined>();

/** The parents a resource is scoped through: any of their rows may change what it shows. */
const parentDeps = (r: ResourceDef): Dep[] =>
  tablesRead(r)
    .slice(1)
    .map((table) => ({ table }));

/** What one record's read depends on: that row of its table, and its parents. */
export const recordDeps = (r: ResourceDef, id: number): Dep[] | undefined =>
  cacheableTables(r) && [{ table: tableName(r), id }, ...parentDeps(r)];

/**
 * What a list's page or total depends on: the rows of the viewer's organizations when the table
 * holds its organization (a write to another's keeps it), any row otherwise, and its parents. Given
 * the SQL of its conditions and sort (`reads`), an update of its table changes it only through the
 * columns that SQL names or the rows it `shows` (a page's; a total shows none).
 */
export const listDeps = (r: ResourceDef, viewer: Viewer, reads?: string, shows?: number[]): Dep[] => [
  {
    table: tableName(r),
    ...(r.tenant && !viewer.all && { orgs: viewer.organizationIds }),
    ...(reads !== undefined && { columns: columnsNamed(reads) }),
    ...(shows && { shows }),
  },
  ...parentDeps(r),
];

const COLUMN_OF_ROW = /\bt\.(?:"((?:[^"]|"")+)"|([a-z_][a-z0-9_]*))/g;

/**
 * The columns of the list's row alias `t` that SQL names. Every condition and sort the engine
 * writes names its row's columns so (fieldExpr, scopeCondition, a customerWhere's `t.status`);
 * nothing is kept of a list filtered by an `x-sql` field or of a resource with a `where`, nor the
 * pages of a resource with `x-sql` fields (cacheableTables), whose SQL could read more.
 */
export const columnsNamed = (sql: string): string[] => {
  // Asked by every list request: kept per text, of which the engine writes a few hundred shapes.
  let columns = named.get(sql);
  if (!columns) {
    columns = [...new Set([...sql.matchAll(COLUMN_OF_ROW)].map((m) => m[1]?.replace(/""/g, '"') ?? m[2]))];
    if (named.size >= 5_000) named.clear();
    named.set(sql, columns);
  }
  return columns;
};
const named = new Map<string, string[]>();
