import { shippedSchema } from '../../../../resources/overlay';
import type { CustomField, CustomFieldType, Labels, ResourceOverlay } from '../../../domain/customization';
import type { FieldSchema, ResourceDef } from '../../../domain/resource';

/** The kinds the table names: an admin's types, and `other` for shipped shapes they cannot add (lines, files). */
type FieldKind = CustomFieldType | 'other';

/** One line of a resource's field table: a shipped field or an added one. */
export interface FieldRow {
  name: string;
  kind: FieldKind;
  required: boolean;
  added: boolean;
  removed: boolean;
  /** An added field's own labels, shown until the translations installed know it. */
  labels?: Labels;
}

/** The admin's type a shipped field reads as. */
const kindOf = (f: FieldSchema): FieldKind => {
  const type = Array.isArray(f.type) ? f.type.find((t) => t !== 'null') : f.type;
  if (f['x-enum']) return 'enum';
  if (f['x-ref']) return 'reference';
  if (f['x-widget']) return 'other';
  if (type === 'string')
    return f.format === 'date'
      ? 'date'
      : f.format === 'date-time'
        ? 'dateTime'
        : f['x-multiline']
          ? 'longText'
          : 'text';
  if (type === 'integer' || type === 'number' || type === 'boolean') return type;
  return 'other';
};

const addedRow = (f: CustomField): FieldRow => ({
  name: f.name,
  kind: f.type,
  required: !!f.required,
  added: true,
  removed: !!f.removed,
  labels: f.labels,
});

/**
 * A resource's fields as the files ship them, then those the overlay added (removed ones too: they
 * can be restored). A shipped field of an added one's name is a conflict, listed apart.
 */
export function fieldRows(def: ResourceDef | undefined, own: ResourceOverlay | undefined): FieldRow[] {
  const schema = def && shippedSchema(def);
  const shipped: FieldRow[] = Object.entries(schema?.properties ?? {}).map(([name, f]) => ({
    name,
    kind: kindOf(f),
    required: !!schema?.required?.includes(name),
    added: false,
    removed: false,
  }));
  const names = new Set(shipped.map((r) => r.name));
  return [...shipped, ...(own?.fields ?? []).filter((f) => !names.has(f.name)).map(addedRow)];
}
