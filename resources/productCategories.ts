import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/productCategories.json';
import { resource } from './names';

export const productCategories = resource({
  name: 'productCategories',
  area: 'products',
  schema: schema as EntitySchema,
  menu: { icon: 'ApartmentOutlined', order: 2 },
  columns: ['name', 'nameEn', 'displayOrder'],
  search: ['name', 'nameEn'],
  sort: 'displayOrder,name',
  label: 'name',
  labels: { en: 'nameEn', es: 'nameEn', ja: 'nameEn' },
  actions: ['create', 'edit', 'delete', 'export'],
  read: 'any',
  relations: { children: { resource: 'productCategories', foreignKey: 'parentId' } },
});
