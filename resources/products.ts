import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/products.json';

export const products: ResourceDef = {
  name: 'products',
  permission: 'products.spus',
  api: '/products',
  schema: schema as EntitySchema,
  routes: { base: '/products/spus', create: 'add' },
  menu: { parent: 'products', icon: 'ShoppingOutlined', order: 1 },
  search: ['shortName', 'nameCn', 'nameEn', 'hsCodeCn'],
  sort: '-id',
  label: 'shortName',
  columns: ['shortName', 'organizationId', 'categoryId', 'hsCodeCn', 'chargeUnit', 'hazardousClass', 'warehouseStatus'],
  actions: ['create', 'edit', 'delete', 'export'],
  tenant: 'organizationId',
  relations: {
    skus: { resource: 'skus', foreignKey: 'productId' },
    packings: { resource: 'packings', foreignKey: 'productId' },
    taxes: { resource: 'taxes', foreignKey: 'productId' },
  },
};
