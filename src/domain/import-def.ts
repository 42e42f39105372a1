import type { FieldSchema, ResourceDef } from './resource';

/**
 * How one sheet of an import file maps to a resource (issue 27). Declared on the resource
 * (`import` in resources/<name>.ts); the server's template, check and write, and the web's Import
 * button, all read it.
 */
export interface ImportSheet {
  /**
   * The natural key: the fields whose values find the stored record a row updates instead of
   * creating another (a product's short name within its organization; a child's within its parent).
   */
  key: string[];
  /**
   * The fields of the lookup's resource a cell may name a record by (an organization by its code,
   * a country by its ISO code). Without an entry: the resource's label fields.
   */
  lookups?: Record<string, string[]>;
  /** The template's example row, in API values (codes for enumerations, YYYY-MM-DD dates), lookups by key. */
  example?: Record<string, string | number | boolean>;
}

/** An importing resource: its own sheet first, then one sheet per child resource whose rows attach to it. */
export interface ImportDef extends ImportSheet {
  /** Children on sheets of their own, each row naming its parent by the parent's key columns. */
  children?: (ImportSheet & { resource: string })[];
  /**
   * Rows go into one stored record's child relation instead (an inbound's lines, named by the
   * relation): the sheet is the relation's resource, keyed within the record, the import is
   * posted to `<api>/{id}/import`, and the record's workflow checks and writes the rows under its
   * own rules (a draft only; lookups within the record's organization).
   */
  into?: string;
  /**
   * With `into`: the record's lines, as merged, may not ask for more of a SKU than its customer
   * has available in its warehouse (an outbound's, as its Submit would refuse).
   */
  checksStock?: boolean;
  /**
   * Rows are lines of this `x-lines` field (an order's `lines`): the rows sharing the key make one
   * record, drafted by the resource's workflow under the form's rules; a key already stored is left as it is.
   */
  lines?: string;
  /** The action whose right the import needs, where not create (mall orders: staff only). */
  right?: string;
}

/**
 * The action whose right an import needs: its declared one, else the edit right of the record rows
 * go into (they change that record), else the right to create what the rows become.
 */
export const importRight = (def: ImportDef) => def.right ?? (def.into ? 'edit' : 'create');

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

/** What the API and the web agree on: the limits of one file. */
export const IMPORT_LIMITS = { bytes: 10 * 1024 * 1024, rows: 50_000 } as const;
