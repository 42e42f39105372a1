import type { TFunction } from 'i18next';
import type { FieldSchema, ResourceDef } from '../../domain/resource';
import { fieldLabel, formatValue } from './fields';

type Rec = Record<string, unknown>;

/** One field that differs between snapshots: its label and, per snapshot, its value as text. */
export interface ChangedField {
  field: string;
  label: string;
  values: string[];
}

/** A stored snapshot (JSON text, or already parsed) as fields; a bare list or value is one field, ''. */
export const snapshotFields = (snapshot: unknown): Rec | undefined => {
  let value = snapshot;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return { '': value };
    }
  }
  if (value === null || value === undefined) return undefined;
  return typeof value === 'object' && !Array.isArray(value) ? (value as Rec) : { '': value };
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The label of a snapshot's field: the resource's own, else a name the audit trail gives its workflows' notes. */
const labelOf = (def: ResourceDef | undefined, field: string, t: TFunction) =>
  def?.schema.properties[field]
    ? fieldLabel(def, field, t)
    : t([...(def ? [`${def.name}.fields.${field}`] : []), `audit.fields.${field || 'value'}`], {
        defaultValue: field,
      });

/**
 * A value as the resource's screens show it (enum labels, dates, amounts in the snapshot's
 * currency, lookups by name when `refName` knows them); a list as its items.
 */
const valueText = (
  schema: FieldSchema | undefined,
  value: unknown,
  record: Rec,
  t: TFunction,
  refName?: (value: unknown) => string | undefined,
): string => {
  if (Array.isArray(value))
    return value.map((v) => valueText(schema?.items ?? schema, v, record, t, refName)).join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return (refName && value !== null && value !== undefined && refName(value)) || formatValue(schema, value, t, record);
};

/**
 * The fields that differ between snapshots of one record (an audit row's before and after), in
 * the resource's field order and then the others' in theirs. Lists on both sides show what left
 * (before) and what came (after) rather than two long lists; a side that lacks the field is blank.
 */
export const changedFields = (
  def: ResourceDef | undefined,
  snapshots: unknown[],
  t: TFunction,
  refName?: (field: string, value: unknown) => string | undefined,
): ChangedField[] => {
  const sides = snapshots.map(snapshotFields);
  const known = Object.keys(def?.schema.properties ?? {});
  const present = new Set(sides.flatMap((s) => Object.keys(s ?? {})));
  const order = [...known.filter((f) => present.has(f)), ...[...present].filter((f) => !known.includes(f))];
  return order
    .filter((field) => sides.some((s) => !same(s?.[field], sides[0]?.[field])))
    .map((field) => {
      const schema = def?.schema.properties[field];
      const raw = sides.map((s) => s?.[field]);
      const lists = raw.length === 2 && raw.every(Array.isArray);
      const shown = lists
        ? [
            (raw[0] as unknown[]).filter((v) => !(raw[1] as unknown[]).some((w) => same(v, w))),
            (raw[1] as unknown[]).filter((v) => !(raw[0] as unknown[]).some((w) => same(v, w))),
          ]
        : raw;
      return {
        field,
        label: labelOf(def, field, t),
        values: shown.map((v, i) =>
          v === undefined ? '' : valueText(schema, v, sides[i] ?? {}, t, refName && ((x) => refName(field, x))),
        ),
      };
    });
};
