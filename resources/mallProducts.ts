import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/mallProducts.json';

/**
 * The mall catalogue: the organization's stock rows (one per warehouse and SKU) that have something
 * available, with the SKU's picture, price and category. A read-only view of `inventory`.
 */
export const mallProducts: ResourceDef = {
  name: 'mallProducts',
  permission: 'orders.products',
  api: '/orders/products',
  table: 'inventory',
  where: 't.pieces > t.reserved',
  schema: schema as EntitySchema,
  routes: { base: '/orders/products' },
  menu: { parent: 'orders', icon: 'ShopOutlined', order: 1 },
  search: ['title'],
  columns: ['title', 'picture', 'categoryId', 'warehouseId', 'available', 'unitPrice', 'priceType'],
  sort: '-id',
  label: 'title',
  actions: [],
  tenant: 'organizationId',
};
