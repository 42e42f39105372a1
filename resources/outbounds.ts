import type { EntitySchema } from '../src/domain/resource';
import { EDITABLE_STATES, outboundMachine } from '../src/domain/stock-flow';
import schema from '../schemas/outbounds.json';
import { resource } from './names';

/** Outbound orders: list, filters and detail are generated; plan and confirm are the workflow. */
export const outbounds = resource({
  name: 'outbounds',
  area: 'inventories',
  schema: schema as EntitySchema,
  routes: { create: '/inventories/addOutbound', edit: 'edit/:id' },
  menu: { icon: 'ExportOutlined', order: 2 },
  search: ['orderNo', 'notifier'],
  sort: '-id',
  label: 'orderNo',
  columns: [
    'orderNo',
    'status',
    'organizationId',
    'warehouseId',
    'requestDate',
    'actualDate',
    'pieces',
    'pallets',
    'daysInWarehouse',
  ],
  actions: ['create', 'edit', 'export'],
  workflow: {
    actions: [],
    replaces: ['create', 'edit'],
    editableWhile: { field: 'status', values: EDITABLE_STATES },
    machine: outboundMachine,
  },
  tenant: 'organizationId',
  relations: {
    lines: { resource: 'outboundLines', foreignKey: 'outboundId', deprecatedKeys: ['products'] },
    takes: { resource: 'outboundTakes', foreignKey: 'outboundId' },
    changeLogs: { resource: 'changeLogs', foreignKey: 'outboundId' },
  },
  // Lines from a spreadsheet into a draft (issue 27): a SKU by its title or barcode, as on the form.
  import: {
    into: 'lines',
    checksStock: true,
    key: ['skuId'],
    lookups: { skuId: ['title', 'barcode'] },
    example: { skuId: 'Green tea 250 g', pieces: 100, pallets: 1 },
  },
});
