import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/mallProducts.json';
import { resource } from './names';

/**
 * The mall catalogue: the organization's stock rows (one per warehouse and SKU) that have something
 * available, with the SKU's picture, price and category. A read-only view of `inventory`.
 */
export const mallProducts = resource({
  name: 'mallProducts',
  area: 'orders',
  table: 'inventory',
  where: 't.pieces > t.reserved + t.held',
  schema: schema as EntitySchema,
  menu: { icon: 'ShopOutlined', order: 1 },
  search: ['title'],
  columns: ['title', 'picture', 'categoryId', 'warehouseId', 'available', 'unitPrice', 'priceType'],
  sort: '-id',
  label: 'title',
  actions: [],
  tenant: 'organizationId',
});
