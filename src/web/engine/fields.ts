import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { FieldSchema, ResourceDef } from '../../domain/resource';
import { sumDecimals } from '../../domain/money';

/**
 * Reading a resource's schema for the generated screens: which fields a list, a form or a detail
 * view shows, their translated labels, and how a value is displayed (SPEC 9 dates).
 */
export type Field = [name: string, schema: FieldSchema];

export const fieldsOf = (def: ResourceDef): Field[] => Object.entries(def.schema.properties);

/** System fields shown on the detail view after the schema's own. */
export const SYSTEM_DETAIL: Field[] = [
  ['createdAt', { type: 'string', format: 'date-time' }],
  ['updatedAt', { type: 'string', format: 'date-time' }],
];

/**
 * Fields a list can show: all but write-only ones and long texts, then the record's times its
 * declaration names among its columns; x-list false starts hidden.
 */
export const columnFields = (def: ResourceDef): Field[] => [
  ...fieldsOf(def).filter(([, s]) => !s.writeOnly && !s['x-multiline']),
  ...SYSTEM_DETAIL.filter(([f]) => def.columns?.includes(f)),
];

/** A list column's schema: the field's own, or that of a record time the declaration lists. */
export const columnSchema = (def: ResourceDef, field: string): FieldSchema | undefined =>
  def.schema.properties[field] ?? columnFields(def).find(([f]) => f === field)?.[1];

/**
 * Fields a detail view shows: everything but write-only ones (passwords are never returned), those
 * declared x-detail false (a key whose label another field already shows) and arrays of objects
 * kept with the record (a fee model's lines), which read as text as nothing better than
 * "[object Object]": the resource's detail panel shows them as tables.
 */
export const detailFields = (def: ResourceDef) =>
  fieldsOf(def).filter(
    ([, s]) => !s.writeOnly && s['x-detail'] !== false && !(s.type === 'array' && s.items?.type === 'object'),
  );

/** A record's parent in the same resource (`parentId` with x-ref to itself): the list is a tree. */
export const treeParentField = (def: ResourceDef) =>
  def.schema.properties.parentId?.['x-ref'] === def.name ? 'parentId' : undefined;

/** Editable fields: everything the schema declares except read-only ones. */
export const formFields = (def: ResourceDef) => fieldsOf(def).filter(([, s]) => !s.readOnly);

/** List columns: x-list false and long texts are left out. */
export const filterFields = (def: ResourceDef) => fieldsOf(def).filter(([, s]) => s['x-filter']);

/**
 * A field's label; a record time without a label of its own in the resource reads as on every
 * detail page, a tenant's organization as "Organization" (an admin's added record type has no
 * label file to name it), and a workflow action's input that is no field of the resource (a
 * rejection's reason) as its timeline names it.
 */
export const fieldLabel = (def: ResourceDef, field: string, t: TFunction) =>
  t(`${def.name}.fields.${field}`, {
    defaultValue: SYSTEM_DETAIL.some(([f]) => f === field)
      ? t(`common.${field}`)
      : field === def.tenant
        ? t('common.organization')
        : t(`engine.timeline.inputs.${field}`, { defaultValue: field }),
  });

export const enumLabel = (schema: FieldSchema, value: unknown, t: TFunction) =>
  schema['x-enum'] ? t(`enums.${schema['x-enum']}.${String(value)}`, { defaultValue: String(value) }) : String(value);

const isDecimal = (v: unknown) => /^-?\d+(\.\d+)?$/.test(String(v));

/**
 * A value as text: dates YYYY-MM-DD, date-times local YYYY-MM-DD HH:mm (SPEC 9), amounts with 2
 * decimals and the currency label of the record's currency field (SPEC 5), units after the value.
 */
export const formatValue = (
  schema: FieldSchema | undefined,
  value: unknown,
  t: TFunction,
  record?: Record<string, unknown>,
): string => {
  if (value === undefined || value === null || value === '') return '';
  if (schema?.enum || schema?.['x-enum']) return enumLabel(schema, value, t);
  const money = schema?.['x-money'];
  if (money && isDecimal(value)) {
    const currency = record?.[money];
    const amount = sumDecimals([String(value)]);
    return currency === undefined || currency === null
      ? amount
      : `${amount} ${t(`enums.currency.${String(currency)}`, { defaultValue: String(currency) })}`;
  }
  if (schema?.['x-unit']) return `${String(value)} ${schema['x-unit']}`;
  if (schema?.format === 'date') return dayjs(String(value)).format('YYYY-MM-DD');
  if (schema?.format === 'date-time') return dayjs(String(value)).format('YYYY-MM-DD HH:mm');
  if (schema?.type === 'boolean') return t(value ? 'common.yes' : 'common.no');
  return String(value);
};
