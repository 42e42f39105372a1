import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/goods.json';

/** Goods in a container: a SKU of the shipment's customer with quantities, weights and value. */
export const goods: ResourceDef = {
  name: 'goods',
  permission: 'shipments.goods',
  api: '/shipments/goods',
  schema: schema as EntitySchema,
  routes: { base: '/shipments/goods' },
  search: [],
  sort: 'id',
  label: 'skuId',
  columns: ['skuId', 'productId', 'containerId', 'quantity', 'pieces', 'pallets', 'totalPrice', 'warehouseStatus'],
  actions: ['create', 'edit', 'delete'],
  parent: { resource: 'containers', foreignKey: 'containerId' },
};
