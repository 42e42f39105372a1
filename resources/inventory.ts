import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/inventory.json';

/** Stock per organization, warehouse and SKU: the read model the workflows keep up to date. */
export const inventory: ResourceDef = {
  name: 'inventory',
  permission: 'inventories.products',
  api: '/inventory/products',
  schema: schema as EntitySchema,
  routes: { base: '/inventories/products' },
  menu: { parent: 'inventories', icon: 'DatabaseOutlined', order: 3 },
  search: [],
  sort: 'organizationId,warehouseId,skuId',
  label: 'skuId',
  columns: ['skuId', 'organizationId', 'warehouseId', 'pieces', 'pallets', 'reserved', 'available', 'inventoryValue'],
  actions: ['export'],
  tenant: 'organizationId',
  unique: [['organizationId', 'warehouseId', 'skuId']],
  relations: { lots: { resource: 'lots', foreignKey: 'inventoryId' } },
};
