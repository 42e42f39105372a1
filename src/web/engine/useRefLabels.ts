import { useMany, type BaseKey, type BaseRecord } from '@refinedev/core';
import { resourceByName } from '../../../resources';
import type { ResourceDef } from '../../domain/resource';
import { fieldsOf } from './fields';

export type RefLabels = Record<string, Map<string, string>>;

/** One lookup per x-ref field: fetches the referenced records of the rows on screen. */
const useRefField = (resource: string, ids: BaseKey[]) => {
  const label = resourceByName(resource)?.label ?? 'name';
  const { result } = useMany({ resource, ids, meta: { silent: true }, queryOptions: { enabled: ids.length > 0 } });
  return new Map((result?.data ?? []).map((r: BaseRecord) => [String(r.id), String(r[label] ?? r.id)]));
};

/**
 * Labels of referenced records by field, e.g. a port's `countryId` -> the country's `nameEn`.
 * The set of x-ref fields is fixed per resource and pages are keyed by resource, so the hook
 * order is stable.
 */
export const useRefLabels = (def: ResourceDef, rows: BaseRecord[] | undefined): RefLabels => {
  const refs = fieldsOf(def).filter(([, s]) => s['x-ref']);
  const out: RefLabels = {};
  for (const [field, schema] of refs) {
    const ids = [...new Set((rows ?? []).map((r) => r[field]).filter((v) => v !== undefined && v !== null))] as BaseKey[];
    // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed per resource, see above
    out[field] = useRefField(schema['x-ref']!, ids);
  }
  return out;
};
