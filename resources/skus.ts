import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/skus.json';
import { resource } from './names';

export const skus = resource({
  name: 'skus',
  area: 'products',
  schema: schema as EntitySchema,
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
});
