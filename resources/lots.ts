import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/lots.json';

/** Stock lots, one per confirmed inbound line; taken first in first out. */
export const lots: ResourceDef = {
  name: 'lots',
  permission: 'inventories.products',
  api: '/inventory/lots',
  schema: schema as EntitySchema,
  routes: { base: '/inventories/lots' },
  search: [],
  sort: 'inboundDate,id',
  label: 'id',
  columns: [
    'skuId',
    'organizationId',
    'warehouseId',
    'inboundDate',
    'piecesIn',
    'pieces',
    'pallets',
    'daysInWarehouse',
  ],
  actions: ['export'],
  tenant: 'organizationId',
  // The inventory report's ageing reads the lots still in stock from this index alone.
  indexes: [{ fields: ['inventoryId'], include: ['inboundDate', 'pieces', 'pallets'], where: 'pieces > 0' }],
};
