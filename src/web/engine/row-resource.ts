import type { BaseRecord } from '@refinedev/core';
import type { TFunction } from 'i18next';
import { resourceByName } from '../../../resources';
import { actionLabelKeys } from '../../domain/action-labels';
import type { FieldSchema, ResourceDef } from '../../domain/resource';
import { changedFields } from './changes';
import { fieldsOf } from './fields';

/**
 * Fields whose meaning comes from a resource the row names (the audit trail's entity): that
 * resource's title, its actions in its buttons' words, its records by name, its snapshots.
 */

/** The resource the named field of the row holds. */
export const rowResource = (record: BaseRecord, by: string | undefined): ResourceDef | undefined =>
  by ? resourceByName(String(record[by] ?? '')) : undefined;

/**
 * A resource's name as its list is titled; what a workflow audits that is no resource (a bill run)
 * by its own words under `audit.entities`; anything else as it is.
 */
export const resourceTitle = (name: unknown, t: TFunction) => {
  const def = resourceByName(String(name ?? ''));
  return def
    ? t(`${def.name}.titles.list`)
    : t(`audit.entities.${String(name ?? '')}`, { defaultValue: String(name ?? '') });
};

/** An action in the words of its button. */
export const actionLabel = (def: ResourceDef | undefined, action: string, t: TFunction) =>
  t(actionLabelKeys(def, action), { defaultValue: action });

/** The key an x-refBy field's names are kept under: its resource and its id (ids repeat across resources). */
export const refByKey = (schema: FieldSchema, record: BaseRecord, field: string) =>
  `${String(record[schema['x-refBy']!] ?? '')}:${String(record[field] ?? '')}`;

/** The text of an x-resource or x-actionOf field, undefined for any other field. */
export const rowResourceText = (field: string, schema: FieldSchema, record: BaseRecord, t: TFunction) => {
  if (schema['x-resource']) return resourceTitle(record[field], t);
  if (schema['x-actionOf'])
    return actionLabel(rowResource(record, schema['x-actionOf']), String(record[field] ?? ''), t);
  return undefined;
};

/** The x-changesOf fields of a resource that snapshot the same record, in schema order (before, after). */
export const snapshotSides = (def: ResourceDef, of: string) => fieldsOf(def).filter(([, s]) => s['x-changesOf'] === of);

/** One snapshot's changed fields as text, `Label: value; …`, for an export cell. */
export const changesText = (def: ResourceDef, field: string, record: BaseRecord, t: TFunction) => {
  const of = def.schema.properties[field]['x-changesOf']!;
  const sides = snapshotSides(def, of).map(([f]) => f);
  const index = sides.indexOf(field);
  return changedFields(
    rowResource(record, of),
    sides.map((f) => record[f]),
    t,
  )
    .filter((c) => c.values[index])
    .map((c) => `${c.label}: ${c.values[index]}`)
    .join('; ');
};
