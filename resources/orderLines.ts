import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/orderLines.json';

/** Lines of a mall order, written by checkout and the order form with the SKU's price of the day. */
export const orderLines: ResourceDef = {
  name: 'orderLines',
  permission: 'orders.orders',
  api: '/orders/lines',
  schema: schema as EntitySchema,
  routes: { base: '/orders/lines' },
  search: [],
  sort: 'id',
  label: 'skuId',
  actions: [],
  parent: { resource: 'orders', foreignKey: 'orderId' },
};
