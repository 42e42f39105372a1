import { resources } from '../../../resources/index';
import { guardedFields as declaredGuards } from '../../domain/field-rights';
import type { ResourceDef } from '../../domain/resource';
import { callerMay, type Caller } from '../access/key-rights';
import type { Viewer } from './scope';

/**
 * Fields only some callers may read (`x-right`: a count line's expected pieces, which a counter
 * counting blind must never learn). Decided once per request, where the viewer is, so every read
 * that answers records (a record, a list, a relation, an embedded child) hides them alike.
 */

/** Each resource's guarded fields with the policy object that opens them; most have none. */
const guards = new WeakMap<object, [field: string, right: string][]>();

const guardedFields = (r: ResourceDef) => {
  let found = guards.get(r.schema);
  if (!found) {
    found = declaredGuards(r);
    guards.set(r.schema, found);
  }
  return found;
};

/** Every field right the declarations name: asked of each caller once per request. */
const fieldRights = [...new Set(resources.flatMap((r) => guardedFields(r).map(([, right]) => right)))];

/** The field rights the caller does not hold; undefined when they hold all (staff with every right). */
export async function withheldRights(
  policy: { allows(roles: string[], object: string): Promise<boolean> },
  caller: Caller,
): Promise<ReadonlySet<string> | undefined> {
  const held = await Promise.all(fieldRights.map((right) => callerMay(policy, caller, right)));
  const withheld = fieldRights.filter((_, i) => !held[i]);
  return withheld.length ? new Set(withheld) : undefined;
}

const NONE: ReadonlySet<string> = new Set();

/** The fields of `r` the viewer may not read. */
export const hiddenFields = (r: ResourceDef, viewer: Viewer): ReadonlySet<string> => {
  const withheld = viewer.withheld;
  if (!withheld) return NONE;
  const hidden = guardedFields(r).filter(([, right]) => withheld.has(right));
  return hidden.length ? new Set(hidden.map(([field]) => field)) : NONE;
};

/** The rows with the fields the viewer may not read set to null: the same rows, changed in place. */
export function withoutHidden<T extends Record<string, unknown>>(r: ResourceDef, viewer: Viewer, rows: T[]): T[] {
  const hidden = hiddenFields(r, viewer);
  if (hidden.size) for (const row of rows) for (const field of hidden) (row as Record<string, unknown>)[field] = null;
  return rows;
}
