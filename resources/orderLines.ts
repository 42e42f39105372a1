import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/orderLines.json';
import { resource } from './names';

/** Lines of a mall order, written by checkout and the order form with the SKU's price of the day. */
export const orderLines = resource({
  name: 'orderLines',
  area: 'orders',
  schema: schema as EntitySchema,
  search: [],
  sort: 'id',
  label: 'skuId',
  actions: [],
  parent: { resource: 'orders', foreignKey: 'orderId' },
});
