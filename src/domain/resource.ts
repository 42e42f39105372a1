/**
 * The shape of a resource declaration (resources/<name>.ts). Pure types and helpers shared by the
 * server engine (routes, SQL, validation, OpenAPI) and the web engine (list, form, detail pages).
 */

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';

export interface FieldSchema {
  type: FieldType;
  title?: string;
  format?: 'date' | 'date-time' | 'email' | 'uri';
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  readOnly?: boolean;
  /** Enumeration whose labels live under `enums.<name>.<code>` in locales/. */
  'x-enum'?: string;
  /** Lookup to another resource: the column stores its id. */
  'x-ref'?: string;
  /** Unique across the table: a duplicate is a field error, not a 500. */
  'x-unique'?: boolean;
  /** Shown as a list column unless the user hides it (default true). */
  'x-list'?: boolean;
  /** Offered as a filter on the list page: equality or a from/to range. */
  'x-filter'?: 'eq' | 'range';
  /** Long text: a textarea in forms, not a list column. */
  'x-multiline'?: boolean;
}

export interface EntitySchema {
  $id: string;
  type: 'object';
  title?: string;
  properties: Record<string, FieldSchema>;
  required?: string[];
  additionalProperties?: boolean;
}

export type CrudAction = 'create' | 'edit' | 'delete' | 'export';

export interface ResourceRoutes {
  /** Screen base path, e.g. `/configuration/ports`. */
  base: string;
  list?: string;
  create?: string;
  edit?: string;
  show?: string;
}

export interface ResourceDef {
  /** One name everywhere: Refine resource, translation prefix, SQL table unless `table` says otherwise. */
  name: string;
  /** Page resource of the policy (type 1); buttons are `<permission>.<action>` (type 3). */
  permission: string;
  /** API path under /api/1.0. */
  api: string;
  table?: string;
  schema: EntitySchema;
  routes: ResourceRoutes;
  menu?: { parent: string; icon: string; order: number };
  /** Fields `q` searches (case-insensitive substring). */
  search: string[];
  /** Default list order, in the API's `sort` syntax. */
  sort: string;
  /** Field that names a record in lookups and titles. */
  label: string;
  actions: CrudAction[];
  /**
   * 'any': every signed-in user may list and read (reference data used by lookups on other
   * screens); writes still need the button resources. Default 'policy'.
   */
  read?: 'policy' | 'any';
  /**
   * Children a list can embed on request: `include<Key>=1` (e.g. `includePorts=1`) adds
   * `<key>: [...]` to each row, the child resource's rows whose foreignKey points at it.
   */
  includes?: Record<string, { resource: string; foreignKey: string; where?: Record<string, string | number> }>;
}

export const includeParam = (key: string) => `include${key[0].toUpperCase()}${key.slice(1)}`;

export const SYSTEM_FIELDS = ['id', 'version', 'createdAt', 'updatedAt'] as const;

export const screenPaths = (r: ResourceDef) => {
  const join = (p: string) => (p ? `${r.routes.base}/${p}` : r.routes.base);
  return {
    list: join(r.routes.list ?? ''),
    create: join(r.routes.create ?? 'create'),
    edit: join(r.routes.edit ?? 'edit/:id'),
    show: join(r.routes.show ?? ':id'),
  };
};

export const tableName = (r: ResourceDef) => r.table ?? r.name;

export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const buttonPermission = (r: ResourceDef, action: CrudAction) => `${r.permission}.${action}`;
