import type { EntitySchema } from '../src/domain/resource';
import { lotHoldMachine } from '../src/domain/return-flow';
import schema from '../schemas/lots.json';
import { resource } from './names';

/** Stock lots, one per confirmed inbound line; taken first in first out. */
export const lots = resource({
  name: 'lots',
  area: 'inventories',
  schema: schema as EntitySchema,
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
  // A returned lot held in quarantine is released into stock or disposed of (issue 42).
  workflow: { actions: [], machine: lotHoldMachine },
  tenant: 'organizationId',
  // The inventory report's ageing reads the lots still in stock from this index alone.
  indexes: [{ fields: ['inventoryId'], include: ['inboundDate', 'pieces', 'pallets'], where: 'pieces > 0' }],
});
