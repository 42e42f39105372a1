import { useList, type BaseRecord } from '@refinedev/core';
import { resourceByName } from '../../../resources';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { recordLabel, type FieldSchema, type ResourceDef } from '../../domain/resource';
import { LIST_MAX } from '../providers/data-provider';
import { fieldsOf, formatValue } from './fields';

/** Field -> (stored value -> label of the referenced record). */
export type RefLabels = Record<string, Map<string, string>>;

/** A referenced resource, the key its values are stored by (`id`, or x-refKey) and the fields using it. */
export interface RefTarget {
  resource: string;
  key: string;
  fields: string[];
}

/** The x-ref fields grouped by referenced resource and key: one lookup request per group. */
export const refTargets = (def: ResourceDef): RefTarget[] => {
  const groups = new Map<string, RefTarget>();
  for (const [field, s] of fieldsOf(def)) {
    const resource = s['x-ref'];
    if (!resource) continue;
    const key = s['x-refKey'] ?? 'id';
    const id = `${resource}:${key}`;
    if (!groups.has(id)) groups.set(id, { resource, key, fields: [] });
    groups.get(id)!.fields.push(field);
  }
  return [...groups.values()];
};

/** Values of a target's fields in the rows (arrays of ids included), without repeats. */
export const refValues = (target: RefTarget, rows: BaseRecord[]) => {
  const out = new Set<string>();
  for (const row of rows)
    for (const f of target.fields) for (const v of ([] as unknown[]).concat(row[f] ?? [])) if (v !== null && v !== '') out.add(String(v));
  return [...out].slice(0, LIST_MAX);
};

/** Stored value -> the referenced record's name in the language. */
export const labelMap = (target: RefTarget, records: BaseRecord[], language: string) => {
  const def = resourceByName(target.resource);
  return new Map(records.map((r) => [String(r[target.key]), def ? recordLabel(def, r, language, target.key) : String(r.name ?? r[target.key])]));
};

const useTarget = (target: RefTarget, rows: BaseRecord[], language: string) => {
  const values = refValues(target, rows);
  const { result } = useList({
    resource: target.resource,
    filters: [{ field: target.key, operator: 'in', value: values }],
    pagination: { mode: 'off' },
    meta: { silent: true },
    queryOptions: { enabled: values.length > 0 },
  });
  return labelMap(target, result?.data ?? [], language);
};

/**
 * Labels of referenced records by field, e.g. a port's `countryId` -> the country's name in the
 * screen's language,
 * fetched with one `<key>_in=` request per referenced resource. The targets are fixed per resource
 * and pages are keyed by resource, so the hook order is stable.
 */
export const useRefLabels = (def: ResourceDef, rows: BaseRecord[] | undefined): RefLabels => {
  const { i18n } = useTranslation();
  const out: RefLabels = {};
  for (const target of refTargets(def)) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed per resource, see above
    const labels = useTarget(target, rows ?? [], i18n.language);
    for (const f of target.fields) out[f] = labels;
  }
  return out;
};

/** A field's value as its referenced label(s); arrays join with commas. */
export const refText = (refs: RefLabels, field: string, value: unknown) =>
  ([] as unknown[])
    .concat(value ?? [])
    .map((v) => refs[field]?.get(String(v)) ?? String(v))
    .join(', ');

/** What a list cell, a detail row and an export cell show for one field of a record. */
export const displayText = (field: string, schema: FieldSchema, record: BaseRecord, refs: RefLabels, t: TFunction) =>
  schema['x-ref'] ? refText(refs, field, record[field]) : formatValue(schema, record[field], t, record);
