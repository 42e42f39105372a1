import type { EntitySchema, ResourceDecl } from '../src/domain/resource';
import { EDITABLE_STATES } from '../src/domain/stock-flow';
import type { StateMachine } from '../src/domain/workflow';

type Kind = 'inbound' | 'outbound';

/**
 * What an inbound and an outbound declare alike: a customer's document at a warehouse, numbered,
 * written only through its workflow and edited while a draft, its lines read from a spreadsheet
 * (issue 27: a SKU by its title or barcode, as on the form). `own` is what each kind adds.
 */
export const stockDocument = (
  kind: Kind,
  own: Required<Pick<ResourceDecl, 'schema' | 'routes' | 'menu' | 'search' | 'columns' | 'relations'>> & {
    machine: StateMachine;
    /** An outbound's lines are checked against the stock on hand. */
    checksStock?: boolean;
  },
): ResourceDecl => ({
  name: `${kind}s`,
  area: 'inventories',
  schema: own.schema,
  routes: own.routes,
  menu: own.menu,
  search: own.search,
  sort: '-id',
  label: 'orderNo',
  columns: own.columns,
  actions: ['create', 'edit', 'export'],
  workflow: {
    actions: [],
    replaces: ['create', 'edit'],
    editableWhile: { field: 'status', values: EDITABLE_STATES },
    machine: own.machine,
  },
  tenant: 'organizationId',
  relations: own.relations,
  import: {
    into: 'lines',
    ...(own.checksStock && { checksStock: true }),
    key: ['skuId'],
    lookups: { skuId: ['title', 'barcode'] },
    example: { skuId: 'Green tea 250 g', pieces: 100, pallets: 1 },
  },
});

/** Rows a stock document's workflow writes under it (its lines, an outbound's takes): read, never edited alone. */
export const documentRows = (
  name: string,
  schema: EntitySchema,
  label: string,
  kind: Kind | 'return',
): ResourceDecl => ({
  name,
  area: 'inventories',
  schema,
  search: [],
  sort: 'id',
  label,
  actions: [],
  parent: { resource: `${kind}s`, foreignKey: `${kind}Id` },
});
