/**
 * The shape of a resource declaration (resources/<name>.ts). Pure types and helpers shared by the
 * server engine (routes, SQL, validation, OpenAPI) and the web engine (list, form, detail pages).
 */

import type { EntitySchema } from './field-schema';
import type { ImportDef } from './import-def';
import { buttonsOf, type RecordCondition, type StateMachine } from './workflow';

export type { EntitySchema, FieldSchema } from './field-schema';

/** The times every record has without its schema naming them; a declaration's `columns` may list them. */
export const RECORD_TIMES = ['createdAt', 'updatedAt'];

export type CrudAction = 'create' | 'edit' | 'delete' | 'export';

/**
 * A workflow on a resource (DESIGN 5): its state machine's actions are routes
 * `POST <api>/{id}/<action>` the engine mounts and buttons `<permission>.<action>` in the policy,
 * labelled `<resource>.actions.<action>`. `replaces` names the CRUD routes the workflow serves
 * itself (an inbound is created with its lines).
 */
export interface WorkflowDef {
  /** Button objects of hand-written routes beyond the machine's actions. */
  actions: string[];
  replaces?: CrudAction[];
  /** A record may be edited only while this field holds one of these values (a draft document). */
  editableWhile?: { field: string; values: readonly (string | number)[] };
  /**
   * The timeline tells the steps of these relations' records too, merged in time (an order's
   * delivery is part of the order's life): relation keys of this resource.
   */
  timeline?: { with: readonly string[] };
  /** The state machine its routes, buttons, dialogs, step bar and events are generated from (src/domain/workflow.ts). */
  machine?: StateMachine;
}

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
  /** SPEC 2's first path segment and menu group the resource lives in (`inventories`); none at the top. */
  area?: string;
  /** Page resource of the policy (type 1); buttons are `<permission>.<action>` (type 3). */
  permission: string;
  /** API path under /api/1.0. */
  api: string;
  table?: string;
  /**
   * A condition over the row alias `t` that every read adds: a resource that is a view of a table
   * (the mall catalogue is the stock rows with something available). Ours, never from a request.
   */
  where?: string;
  /**
   * A condition over `t` added to every read by a customer (a shipper): what of their own rows they
   * may see (issued and paid bills, not drafts). Staff reads are not narrowed by it.
   */
  customerWhere?: string;
  schema: EntitySchema;
  routes: ResourceRoutes;
  /** Menu placement; parent null is a top-level item, otherwise a group of resources/menu.ts. */
  menu?: { parent: string | null; icon: string; order: number };
  /** Fields `q` searches (case-insensitive substring). */
  search: string[];
  /**
   * The list's default columns, most important first (ProTable's column state): the first names
   * the record and stays fixed on the left, the rest are what the list exists for (figures, status,
   * dates) and fit 1440 px together. Other fields wait behind the column picker. Without it: every
   * field but x-list false ones, in schema order. It may name the record's own times
   * (RECORD_TIMES), which then sort and show like fields; their sort wants a declared index.
   */
  columns?: string[];
  /** Default list order, in the API's `sort` syntax. */
  sort: string;
  /** Field that names a record in lookups and titles. */
  label: string;
  /** A bilingual resource's label field in other languages (a country's nameCn in Chinese). */
  labels?: Partial<Record<string, string>>;
  actions: CrudAction[];
  workflow?: WorkflowDef;
  /** Unique combinations of fields, enforced by the database. */
  unique?: string[][];
  /**
   * Indexes a read model needs beyond those of its lists and filters (a report's covering index):
   * the fields, fields carried along for index-only scans, and a partial condition in SQL.
   */
  indexes?: { fields: string[]; include?: string[]; where?: string }[];
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
  /**
   * Tenant scoping (DESIGN 4), applied by the server on every read and write: the field that holds
   * the owning organization's id ('id' for organizations themselves). A child record without its own
   * organization field is scoped through `parent`.
   */
  tenant?: string;
  /** A child record (contacts of an organization): its foreign key to the parent, which scopes it. */
  parent?: { resource: string; foreignKey: string };
  /**
   * Sub-lists at `<api>/{id}/<key>`: the child resource's rows pointing at this record, with the
   * full list contract. `anyValue` names filter values that mean "no filter" (contacts' status=2).
   */
  relations?: Record<string, Relation>;
  /**
   * Relations whose rows the record's own answer carries (`GET <api>/{id}`): answer field ->
   * relation key, e.g. an order answers with its `lines`. At most a page of the largest size.
   */
  embed?: Record<string, string>;
  /**
   * Records (and children on their own sheets) may be imported from a spreadsheet: the Import
   * button, `GET <api>/import/template` and `POST <api>/import` (issue 27).
   */
  import?: ImportDef;
  /**
   * A value the create answers once and never again (an API key): no field of the record, never
   * stored as sent nor read back. The create form shows it to copy before it closes.
   */
  onceOnCreate?: string;
}

/**
 * What a declaration in resources/ writes: its name and area, from which `derivedNames` gives the
 * permission, API path, screen base and menu group (`resource()` in resources/names.ts).
 */
export type ResourceDecl = Omit<ResourceDef, 'permission' | 'api' | 'routes' | 'menu'> & {
  routes?: Omit<ResourceRoutes, 'base'>;
  menu?: Omit<NonNullable<ResourceDef['menu']>, 'parent'>;
};

/** An area publishing its API or policy under another word than its screens' (configuration: /config). */
export interface AreaNames {
  permission?: string;
  api?: string;
  why: string;
}

/**
 * A resource going by another word within its area (`segment`: inventory is `products` in
 * inventories), or with a permission, API path or screen base of its own.
 */
export interface NameException {
  segment?: string;
  permission?: string;
  api?: string;
  screen?: string;
  why: string;
}

/**
 * The one naming rule: a resource named `name` in `area` is the policy's `<area>.<name>`, the API's
 * `/<area>/<name>` and the screens' `/<area>/<name>`, in the area's menu group; at the top (no area)
 * each is the name alone. An area's AreaNames replace its word in the policy or the API; a
 * resource's `segment` replaces its name in all three. Anything else is a NameException's own value.
 */
export const derivedNames = (
  name: string,
  area: string | undefined,
  areas: Record<string, AreaNames>,
  segment = name,
) => {
  const under = (word: string | undefined) => (word ? `${word}/${segment}` : segment);
  return {
    permission: area ? `${areas[area]?.permission ?? area}.${segment}` : segment,
    api: `/${under(area && (areas[area]?.api ?? area))}`,
    screen: `/${under(area)}`,
  };
};

export const withNames = (
  decl: ResourceDecl,
  areas: Record<string, AreaNames>,
  exceptions: Record<string, NameException>,
): ResourceDef => {
  const { menu, ...rest } = decl;
  const own = exceptions[decl.name];
  const names = derivedNames(decl.name, decl.area, areas, own?.segment);
  return {
    ...rest,
    permission: own?.permission ?? names.permission,
    api: own?.api ?? names.api,
    routes: { base: own?.screen ?? names.screen, ...decl.routes },
    ...(menu && { menu: { parent: decl.area ?? null, ...menu } }),
  };
};

export interface Relation {
  resource: string;
  foreignKey: string;
  anyValue?: Record<string, string>;
  /**
   * Keys the relation was published under before its consistent one (an order's `products`, now
   * `lines`): `<api>/{id}/<old>` still answers the same, marked deprecated in the document, since
   * customers' clients call it.
   */
  deprecatedKeys?: readonly string[];
  /**
   * Related records no child of the parent (an order's delivery, with a page of its own) are made
   * from its tab too while the parent matches (an order once shipped): the child's create, the
   * parent as its foreign key; the one made opens. An x-unique foreign key allows one.
   */
  createWhen?: RecordCondition;
  /**
   * Fields of the parent a record made from its tab starts with, named alike on both (a return asked
   * from an outbound: its organization, warehouse and mall order); shown and still editable, where
   * the foreign key is fixed and hidden.
   */
  carries?: readonly string[];
  /**
   * Read whole, as its record's own panel shows it (a bill's lines, each explaining itself):
   * `<api>/{id}/<key>` answers every row at once in the child's order, without paging or filters,
   * and the record's page draws no sub-list tab of it.
   */
  whole?: boolean;
}

export const includeParam = (key: string) => `include${key[0].toUpperCase()}${key.slice(1)}`;

export const SYSTEM_FIELDS = ['id', 'version', 'createdAt', 'updatedAt'] as const;

export const screenPaths = (r: ResourceDef) => {
  // A path starting with '/' stands alone (SPEC's /inventories/addInbound beside /inventories/inbounds).
  const join = (p: string) => (p.startsWith('/') ? p : p ? `${r.routes.base}/${p}` : r.routes.base);
  return {
    list: join(r.routes.list ?? ''),
    create: join(r.routes.create ?? 'create'),
    edit: join(r.routes.edit ?? 'edit/:id'),
    show: join(r.routes.show ?? ':id'),
  };
};

/** The address of one record's detail or edit screen. */
export const recordScreenPath = (r: ResourceDef, screen: 'show' | 'edit', id: string | number) =>
  screenPaths(r)[screen].replace(':id', encodeURIComponent(String(id)));

export const tableName = (r: ResourceDef) => r.table ?? columnName(r.name);

const columnNames = new Map<string, string>();

/**
 * camelCase to snake_case; a run of capitals is one word: companyNameCN -> company_name_cn. Kept
 * once made: every read asks it of its table and columns again (two regular expressions each).
 */
export const columnName = (field: string) => {
  let name = columnNames.get(field);
  if (name === undefined) {
    name = field
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .toLowerCase();
    // Names come from declarations, but a sort or filter may carry any text: the memory stays bounded.
    if (columnNames.size < 10_000) columnNames.set(field, name);
  }
  return name;
};

/**
 * The x-fixed fields `body` would change on `current`: set when a record is made, they are shown
 * disabled on its edit form and every update refuses a new value (another customer or period is
 * another bill).
 */
export const changedFixedFields = (r: ResourceDef, body: Record<string, unknown>, current: Record<string, unknown>) =>
  Object.entries(r.schema.properties)
    .filter(
      ([f, s]) => s['x-fixed'] && body[f] !== undefined && body[f] !== null && String(body[f]) !== String(current[f]),
    )
    .map(([f]) => f);

/** Fields stored in a column of their own (not write-only ones such as passwords). */
export const storedFields = (r: ResourceDef) =>
  Object.keys(r.schema.properties).filter((f) => !r.schema.properties[f].writeOnly && !r.schema.properties[f]['x-sql']);

export const buttonPermission = (r: ResourceDef, action: string) => `${r.permission}.${action}`;

/** Every button (type 3) object of a resource: its CRUD actions and its workflow's. */
export const buttonActions = (r: ResourceDef): string[] => [
  ...r.actions,
  ...(r.workflow?.actions ?? []),
  ...(r.workflow?.machine ? buttonsOf(r.workflow.machine) : []),
];

/** Whether the engine gives the resource's records a timeline (their audit rows): every state machine's. */
export const hasEngineTimeline = (r: ResourceDef) => !!r.workflow?.machine;

/**
 * The field holding a workflow record's state: the one its edit rule or its machine names (a lot's
 * `hold`), else `status` where the schema has it.
 */
export const statusField = (r: ResourceDef): string | undefined =>
  r.workflow?.editableWhile?.field ?? r.workflow?.machine?.field ?? (r.schema.properties.status ? 'status' : undefined);

/** CRUD routes the engine mounts (the rest, if any, are the workflow's). */
export const engineActions = (r: ResourceDef): CrudAction[] =>
  r.actions.filter((a) => !r.workflow?.replaces?.includes(a));

/** Whether a record may still be edited: screens hide Edit where the server would refuse it. */
export const isEditable = (def: ResourceDef, record: Record<string, unknown>) => {
  const rule = def.workflow?.editableWhile;
  return def.actions.includes('edit') && (!rule || rule.values.includes(record[rule.field] as string | number));
};

/** The field naming a record in a language (`zh-CN` reads `zh`); the resource's label otherwise. */
export const labelField = (def: ResourceDef, language: string) => def.labels?.[language.split('-')[0]] ?? def.label;

/** A record's name in a language, falling back to the default label where that one is empty. */
export const recordLabel = (def: ResourceDef, record: Record<string, unknown>, language: string, key = 'id') =>
  String(record[labelField(def, language)] || record[def.label] || record[key] || '');
