import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/productLogs.json';
import { resource } from './names';

/** Per SKU, its history of warehouse events and the warehouse status each left it in. */
export const productLogs = resource({
  name: 'productLogs',
  area: 'inventories',
  schema: schema as EntitySchema,
  menu: { icon: 'FileSearchOutlined', order: 5 },
  search: ['documentNo'],
  sort: '-id',
  label: 'documentNo',
  columns: ['documentNo', 'event', 'productId', 'skuId', 'organizationId', 'warehouseStatus', 'pieces'],
  actions: ['export'],
  tenant: 'organizationId',
});
