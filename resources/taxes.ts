import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/taxes.json';

export const taxes: ResourceDef = {
  name: 'taxes',
  permission: 'products.taxes',
  api: '/products/taxes',
  schema: schema as EntitySchema,
  routes: { base: '/products/taxes' },
  search: ['hsCode'],
  sort: '-id',
  label: 'hsCode',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'products', foreignKey: 'productId' },
};
