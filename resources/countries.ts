import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/countries.json';

export const countries: ResourceDef = {
  name: 'countries',
  permission: 'config.countries',
  api: '/config/countries',
  schema: schema as EntitySchema,
  routes: { base: '/configuration/countries' },
  menu: { parent: 'configuration', icon: 'GlobalOutlined', order: 1 },
  search: ['code', 'locale', 'nameCn', 'nameEn'],
  sort: 'displayOrder,code',
  label: 'nameEn',
  columns: ['code', 'nameCn', 'nameEn', 'locale', 'dialCode', 'displayOrder', 'status'],
  labels: { zh: 'nameCn' },
  actions: ['create', 'edit', 'delete', 'export'],
  read: 'any',
  includes: { ports: { resource: 'ports', foreignKey: 'countryId', where: { status: 1 } } },
};
