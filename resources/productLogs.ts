import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/productLogs.json';

/** Per SKU, its history of warehouse events and the warehouse status each left it in. */
export const productLogs: ResourceDef = {
  name: 'productLogs',
  permission: 'inventories.productLogs',
  api: '/inventory/productLogs',
  schema: schema as EntitySchema,
  routes: { base: '/inventories/productLogList' },
  menu: { parent: 'inventories', icon: 'FileSearchOutlined', order: 5 },
  search: ['documentNo'],
  sort: '-id',
  label: 'documentNo',
  columns: ['documentNo', 'event', 'productId', 'skuId', 'organizationId', 'warehouseStatus', 'pieces'],
  actions: ['export'],
  tenant: 'organizationId',
};
