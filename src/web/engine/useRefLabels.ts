import { useList, type BaseRecord } from '@refinedev/core';
import { resourceByName } from '../../../resources';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { recordLabel, type FieldSchema, type ResourceDef } from '../../domain/resource';
import { LIST_MAX } from '../providers/data-provider';
import { useAuthorized } from './Authorized';
import { fieldsOf, formatValue } from './fields';
import { refByKey, rowResourceText } from './row-resource';

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
    for (const f of target.fields)
      for (const v of ([] as unknown[]).concat(row[f] ?? [])) if (v !== null && v !== '') out.add(String(v));
  return [...out].slice(0, LIST_MAX);
};

/** Stored value -> the referenced record's name in the language. */
export const labelMap = (target: RefTarget, records: BaseRecord[], language: string) => {
  const def = resourceByName(target.resource);
  return new Map(
    records.map((r) => [
      String(r[target.key]),
      def ? recordLabel(def, r, language, target.key) : String(r.name ?? r[target.key]),
    ]),
  );
};

/** `data.labels` of a list answer (server/engine/ref-labels.ts): field -> value -> naming fields. */
export type ServedLabels = Record<string, Record<string, Record<string, unknown>>>;

/** The served names of a target's first field (all its fields share one referenced resource). */
const servedMap = (target: RefTarget, served: ServedLabels, language: string) => {
  const def = resourceByName(target.resource);
  const names = target.fields.map((f) => served[f]).find(Boolean) ?? {};
  return new Map(
    Object.entries(names).map(([value, r]) => [
      value,
      def ? recordLabel(def, { ...r, [target.key]: value }, language, target.key) : value,
    ]),
  );
};

const useTarget = (target: RefTarget, rows: BaseRecord[], language: string, served: ServedLabels | undefined) => {
  const values = refValues(target, rows);
  // A resource the user may not read (a shipper and the fee model of their bill) is not asked for:
  // its name stays blank instead of a 403 toast on the page.
  const def = resourceByName(target.resource);
  const granted = useAuthorized(def?.permission ?? target.resource);
  const readable = def?.read === 'any' || granted === true;
  const { result } = useList({
    resource: target.resource,
    filters: [{ field: target.key, operator: 'in', value: values }],
    pagination: { mode: 'off' },
    meta: { silent: true },
    queryOptions: { enabled: !served && values.length > 0 && readable },
  });
  return served ? servedMap(target, served, language) : labelMap(target, result?.data ?? [], language);
};

/** An x-refBy field's served names, keyed `<resource>:<id>` (server/engine/ref-labels.ts). */
const servedByMap = (field: string, served: ServedLabels, language: string) =>
  new Map(
    Object.entries(served[field] ?? {}).map(([key, names]) => {
      const [name, id] = key.split(':');
      const def = resourceByName(name);
      return [key, def ? recordLabel(def, { ...names, id }, language) : id];
    }),
  );

/**
 * A detail page's x-refBy field (one record): its record asked of the resource the row names, with
 * one `id_in=` request; a list brings the names with its rows.
 */
const useRefByTarget = (
  owner: ResourceDef,
  field: string,
  schema: FieldSchema,
  rows: BaseRecord[],
  language: string,
  served: ServedLabels | undefined,
) => {
  const by = schema['x-refBy']!;
  const def = resourceByName(String(rows[0]?.[by] ?? ''));
  const ids = def ? rows.filter((r) => r[by] === def.name).map((r) => String(r[field])) : [];
  // Before the record names its resource the question is the page's own, which asks nothing new.
  const granted = useAuthorized(def?.permission ?? owner.permission);
  const { result } = useList({
    resource: def?.name ?? '',
    filters: [{ field: 'id', operator: 'in', value: ids }],
    pagination: { mode: 'off' },
    meta: { silent: true },
    queryOptions: { enabled: !served && ids.length > 0 && (def?.read === 'any' || granted === true) },
  });
  if (served || !def) return servedByMap(field, served ?? {}, language);
  return new Map((result?.data ?? []).map((r) => [`${def.name}:${String(r.id)}`, recordLabel(def, r, language)]));
};

const refByFields = (def: ResourceDef) => fieldsOf(def).filter(([, s]) => s['x-refBy']);

/**
 * Labels of referenced records by field, e.g. a port's `countryId` -> the country's name in the
 * screen's language. A list answer brings them with its rows (`served`: painted with the rows, never
 * after them); a single record (a detail page) asks with one `<key>_in=` request per referenced
 * resource. The targets are fixed per resource and pages are keyed by resource, so the hook order
 * is stable.
 */
export const useRefLabels = (
  def: ResourceDef,
  rows: BaseRecord[] | undefined,
  served?: ServedLabels | null,
): RefLabels => {
  const { i18n } = useTranslation();
  const out: RefLabels = {};
  // A list answer without `labels` had nothing to name: nothing to ask for either.
  const fromList = served === undefined ? undefined : (served ?? {});
  for (const target of refTargets(def)) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed per resource, see above
    const labels = useTarget(target, rows ?? [], i18n.language, fromList);
    for (const f of target.fields) out[f] = labels;
  }
  for (const [field, schema] of refByFields(def))
    // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed per resource, see above
    out[field] = useRefByTarget(def, field, schema, rows ?? [], i18n.language, fromList);
  return out;
};

/** The labels a list answer carries, as the maps `displayText` reads (exports use it). */
export const servedLabels = (def: ResourceDef, served: ServedLabels | undefined, language: string): RefLabels => {
  const out: RefLabels = {};
  for (const target of refTargets(def)) {
    const labels = servedMap(target, served ?? {}, language);
    for (const f of target.fields) out[f] = labels;
  }
  for (const [field] of refByFields(def)) out[field] = servedByMap(field, served ?? {}, language);
  return out;
};

/** A field's value as its referenced label(s); arrays join with commas. */
export const refText = (refs: RefLabels, field: string, value: unknown) =>
  ([] as unknown[])
    .concat(value ?? [])
    // A name not known (yet) shows nothing rather than a bare id.
    .map((v) => refs[field]?.get(String(v)) ?? '')
    .filter(Boolean)
    .join(', ');

/** What a list cell, a detail row and an export cell show for one field of a record. */
export const displayText = (field: string, schema: FieldSchema, record: BaseRecord, refs: RefLabels, t: TFunction) => {
  if (schema['x-ref']) return refText(refs, field, record[field]);
  // A record no longer there (deleted) keeps its id.
  if (schema['x-refBy']) return refs[field]?.get(refByKey(schema, record, field)) ?? String(record[field] ?? '');
  return rowResourceText(field, schema, record, t) ?? formatValue(schema, record[field], t, record);
};
