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
 * holds its organization (a write to another's keeps it), any row otherwise, and its parents.
 */
export const listDeps = (r: ResourceDef, viewer: Viewer): Dep[] => [
  { table: tableName(r), ...(r.tenant && !viewer.all && { orgs: viewer.organizationIds }) },
  ...parentDeps(r),
];
