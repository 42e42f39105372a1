import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/packings.json';

export const packings: ResourceDef = {
  name: 'packings',
  permission: 'products.packings',
  api: '/products/packings',
  schema: schema as EntitySchema,
  routes: { base: '/products/packings' },
  search: ['title'],
  sort: '-id',
  label: 'title',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'products', foreignKey: 'productId' },
};
