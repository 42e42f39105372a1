import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/productCategories.json';

export const productCategories: ResourceDef = {
  name: 'productCategories',
  permission: 'products.categories',
  api: '/products/categories',
  schema: schema as EntitySchema,
  routes: { base: '/products/categories' },
  menu: { parent: 'products', icon: 'ApartmentOutlined', order: 2 },
  columns: ['name', 'nameEn', 'displayOrder'],
  search: ['name', 'nameEn'],
  sort: 'displayOrder,name',
  label: 'name',
  labels: { en: 'nameEn', es: 'nameEn', ja: 'nameEn' },
  actions: ['create', 'edit', 'delete', 'export'],
  read: 'any',
  relations: { children: { resource: 'productCategories', foreignKey: 'parentId' } },
};
