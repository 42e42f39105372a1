import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/goods.json';
import { resource } from './names';

/** Goods in a container: a SKU of the shipment's customer with quantities, weights and value. */
export const goods = resource({
  name: 'goods',
  area: 'shipments',
  schema: schema as EntitySchema,
  search: [],
  sort: 'id',
  label: 'skuId',
  columns: ['skuId', 'productId', 'containerId', 'quantity', 'pieces', 'pallets', 'totalPrice', 'warehouseStatus'],
  actions: ['create', 'edit', 'delete'],
  parent: { resource: 'containers', foreignKey: 'containerId' },
});
