import type { EntitySchema } from '../src/domain/resource';
import { EDITABLE_STATES, inboundMachine } from '../src/domain/stock-flow';
import schema from '../schemas/inbounds.json';
import { resource } from './names';

/** Inbound orders: list, filters and detail are generated; plan and confirm are the workflow. */
export const inbounds = resource({
  name: 'inbounds',
  area: 'inventories',
  schema: schema as EntitySchema,
  routes: { create: '/inventories/addInbound' },
  menu: { icon: 'ImportOutlined', order: 1 },
  search: ['orderNo', 'blNo', 'refNo'],
  sort: '-id',
  label: 'orderNo',
  columns: [
    'orderNo',
    'status',
    'organizationId',
    'warehouseId',
    'eta',
    'plannedInboundDate',
    'inboundDate',
    'pieces',
    'pallets',
  ],
  actions: ['create', 'edit', 'export'],
  workflow: {
    actions: [],
    replaces: ['create', 'edit'],
    editableWhile: { field: 'status', values: EDITABLE_STATES },
    machine: inboundMachine,
  },
  tenant: 'organizationId',
  relations: {
    lines: { resource: 'inboundLines', foreignKey: 'inboundId', deprecatedKeys: ['products'] },
    lots: { resource: 'lots', foreignKey: 'inboundId' },
    changeLogs: { resource: 'changeLogs', foreignKey: 'inboundId' },
    shipments: { resource: 'shipments', foreignKey: 'inboundId' },
  },
  // Lines from a spreadsheet into a draft (issue 27): a SKU by its title or barcode, as on the form.
  import: {
    into: 'lines',
    key: ['skuId'],
    lookups: { skuId: ['title', 'barcode'] },
    example: { skuId: 'Green tea 250 g', pieces: 100, pallets: 1 },
  },
});
