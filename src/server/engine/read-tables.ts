import { resourceByName } from '../../../resources/index';
import { tableName, type ResourceDef } from '../../domain/resource';

/** The tables a resource's rows depend on: its own and, for scoping, its parents'. */
export const tablesRead = (r: ResourceDef): string[] =>
  r.parent ? [tableName(r), ...tablesRead(resourceByName(r.parent.resource)!)] : [tableName(r)];

/**
 * The tables a resource's records are read from, when that is all they depend on: not for fields
 * computed by SQL (other tables, or the clock) or narrowings written as SQL. Reads of those are
 * kept until one of these tables is written (read-cache.ts); the others are read every time.
 */
export const cacheableTables = (r: ResourceDef): string[] | undefined =>
  r.where || r.customerWhere || Object.values(r.schema.properties).some((p) => p['x-sql']) ? undefined : tablesRead(r);
