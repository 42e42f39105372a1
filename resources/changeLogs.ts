import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/changeLogs.json';
import { resource } from './names';

/** Every stock change: on hand of a lot is always the sum of its change logs. */
export const changeLogs = resource({
  name: 'changeLogs',
  area: 'inventories',
  schema: schema as EntitySchema,
  menu: { icon: 'HistoryOutlined', order: 4 },
  search: ['documentNo'],
  sort: '-id',
  label: 'documentNo',
  // What fits 1440 px beside the row buttons; the warehouse stays in the column picker and filters.
  columns: ['documentNo', 'createdAt', 'changeType', 'skuId', 'organizationId', 'pieces', 'pallets', 'balanceAfter'],
  actions: ['export'],
  tenant: 'organizationId',
  // The time column sorts on these, for everyone and within one customer.
  indexes: [{ fields: ['createdAt', 'id'] }, { fields: ['organizationId', 'createdAt', 'id'] }],
});
