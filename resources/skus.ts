import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/skus.json';

export const skus: ResourceDef = {
  name: 'skus',
  permission: 'products.skus',
  api: '/products/skus',
  schema: schema as EntitySchema,
  routes: { base: '/products/skus' },
  search: ['title', 'barcode'],
  sort: '-id',
  label: 'title',
  columns: [
    'title',
    'barcode',
    'productId',
    'organizationId',
    'quantity',
    'quantityUnit',
    'unitPrice',
    'totalPrice',
    'warehouseStatus',
  ],
  actions: ['create', 'edit', 'delete', 'export'],
  tenant: 'organizationId',
  parent: { resource: 'products', foreignKey: 'productId' },
  // A scan names one SKU of the customer; another customer may print the same code on their goods.
  unique: [['organizationId', 'barcode']],
};
