import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { CrudSort } from '@refinedev/core';
import type { FieldSchema, ResourceDef } from '../../domain/resource';

/**
 * Reading a resource's schema for the generated screens: which fields a list, a form or a detail
 * view shows, their translated labels, and how a value is displayed (SPEC 9 dates).
 */
export type Field = [name: string, schema: FieldSchema];

export const fieldsOf = (def: ResourceDef): Field[] => Object.entries(def.schema.properties);

/** Editable fields: everything the schema declares except read-only ones. */
export const formFields = (def: ResourceDef) => fieldsOf(def).filter(([, s]) => !s.readOnly);

/** List columns: x-list false and long texts are left out. */
export const listFields = (def: ResourceDef) => fieldsOf(def).filter(([, s]) => s['x-list'] !== false && !s['x-multiline']);

export const filterFields = (def: ResourceDef) => fieldsOf(def).filter(([, s]) => s['x-filter']);

export const fieldLabel = (def: ResourceDef, field: string, t: TFunction) => t(`${def.name}.fields.${field}`, { defaultValue: field });

export const enumLabel = (schema: FieldSchema, value: unknown, t: TFunction) =>
  schema['x-enum'] ? t(`enums.${schema['x-enum']}.${String(value)}`, { defaultValue: String(value) }) : String(value);

/** Dates YYYY-MM-DD; date-times local YYYY-MM-DD HH:mm (SPEC 9). */
export const formatValue = (schema: FieldSchema | undefined, value: unknown, t: TFunction): string => {
  if (value === undefined || value === null || value === '') return '';
  if (schema?.enum || schema?.['x-enum']) return enumLabel(schema, value, t);
  if (schema?.format === 'date') return dayjs(String(value)).format('YYYY-MM-DD');
  if (schema?.format === 'date-time') return dayjs(String(value)).format('YYYY-MM-DD HH:mm');
  if (schema?.type === 'boolean') return t(value ? 'common.yes' : 'common.no');
  return String(value);
};

/** The declaration's default order (`displayOrder,-createdAt`) as Refine sorters. */
export const defaultSorters = (def: ResourceDef): CrudSort[] =>
  def.sort
    .split(',')
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? { field: s.slice(1), order: 'desc' as const } : { field: s, order: 'asc' as const }));

/** System fields shown on the detail view after the schema's own. */
export const SYSTEM_DETAIL: Field[] = [
  ['createdAt', { type: 'string', format: 'date-time' }],
  ['updatedAt', { type: 'string', format: 'date-time' }],
];
