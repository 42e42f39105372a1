import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/inventory.json';
import { resource } from './names';

/** Stock per organization, warehouse and SKU: the read model the workflows keep up to date. */
export const inventory = resource({
  name: 'inventory',
  area: 'inventories',
  schema: schema as EntitySchema,
  menu: { icon: 'DatabaseOutlined', order: 3 },
  search: [],
  sort: 'organizationId,warehouseId,skuId',
  label: 'skuId',
  columns: ['skuId', 'organizationId', 'warehouseId', 'pieces', 'pallets', 'reserved', 'available', 'inventoryValue'],
  actions: ['export'],
  tenant: 'organizationId',
  unique: [['organizationId', 'warehouseId', 'skuId']],
  relations: { lots: { resource: 'lots', foreignKey: 'inventoryId' } },
});
