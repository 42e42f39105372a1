import type { ImportSheet } from './import-def';
import type { FieldSchema, ResourceDef } from './resource';

/** One column of a sheet: a field of the sheet's resource, or (child sheets) a key field of the parent. */
export interface ImportColumn {
  /** Unique within the sheet: the field, or `parent.<field>`. */
  name: string;
  field: string;
  /** The resource whose field it is (the parent for parent-key columns). */
  owner: ResourceDef;
  schema: FieldSchema;
  required: boolean;
  parentKey: boolean;
}

export interface ImportSheetSpec {
  def: ResourceDef;
  spec: ImportSheet;
  /** For a child sheet: the parent's declaration and the child's foreign key to it. */
  parent?: { def: ResourceDef; spec: ImportSheet; foreignKey: string };
  /** For an import into a record's relation: the record's declaration and the rows' foreign key to it. */
  into?: { def: ResourceDef; foreignKey: string };
  columns: ImportColumn[];
}

/**
 * Fields a spreadsheet can carry: stored, written by users, one value per cell. Files and images
 * are uploads, and lists of values have no one-cell form.
 */
const importable = (schema: FieldSchema) =>
  !schema.readOnly &&
  !schema.writeOnly &&
  !schema['x-sql'] &&
  !schema['x-widget'] &&
  !schema['x-lines'] &&
  schema.type !== 'object' &&
  schema.type !== 'array';

const ownColumns = (def: ResourceDef, skip?: string): ImportColumn[] =>
  Object.entries(def.schema.properties)
    .filter(([field, schema]) => field !== skip && importable(schema))
    .map(([field, schema]) => ({
      name: field,
      field,
      owner: def,
      schema,
      required: Boolean(def.schema.required?.includes(field)),
      parentKey: false,
    }));

/** The sheets of a resource's import, parent first, with their columns in schema order. */
export function importSheets(def: ResourceDef, byName: (name: string) => ResourceDef | undefined): ImportSheetSpec[] {
  if (!def.import) return [];
  if (def.import.into) {
    const relation = def.relations![def.import.into];
    const rows = byName(relation.resource)!;
    return [
      {
        def: rows,
        spec: def.import,
        into: { def, foreignKey: relation.foreignKey },
        columns: ownColumns(rows, relation.foreignKey),
      },
    ];
  }
  if (def.import.lines) {
    const linesField = def.schema.properties[def.import.lines];
    const lineDef = byName(def.relations![linesField['x-lines']!].resource)!;
    const items = linesField.items!;
    const keys = def.import.key;
    const lines = Object.entries(items.properties!).map(([field, schema]) => ({
      name: field,
      field,
      owner: lineDef,
      schema,
      required: Boolean(items.required?.includes(field)),
      parentKey: false,
    }));
    // The key groups the rows into records, so every row needs it.
    const header = ownColumns(def).map((c) => ({ ...c, required: c.required || keys.includes(c.field) }));
    return [{ def, spec: def.import, columns: [...header, ...lines] }];
  }
  const own: ImportSheetSpec = { def, spec: def.import, columns: ownColumns(def) };
  const children = (def.import.children ?? []).map((child): ImportSheetSpec => {
    const childDef = byName(child.resource)!;
    const foreignKey = childDef.parent!.foreignKey;
    const parentColumns = def.import!.key.map((field) => ({
      name: `parent.${field}`,
      field,
      owner: def,
      schema: def.schema.properties[field],
      required: true,
      parentKey: true,
    }));
    return {
      def: childDef,
      spec: child,
      parent: { def, spec: def.import!, foreignKey },
      columns: [...parentColumns, ...ownColumns(childDef, foreignKey)],
    };
  });
  return [own, ...children];
}

/** The fields of the lookup's resource that a cell of this column may name a record by. */
export const lookupKeys = (sheet: ImportSheet, field: string, target: ResourceDef): string[] =>
  sheet.lookups?.[field] ??
  ([...new Set([target.label, ...Object.values(target.labels ?? {})])].filter(Boolean) as string[]);
