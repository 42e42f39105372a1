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

/** What the API and the web agree on: the limits of one file. */
export const IMPORT_LIMITS = { bytes: 10 * 1024 * 1024, rows: 50_000 } as const;
