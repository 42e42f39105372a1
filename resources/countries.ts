import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/countries.json';
import { resource } from './names';

export const countries = resource({
  name: 'countries',
  area: 'configuration',
  schema: schema as EntitySchema,
  menu: { icon: 'GlobalOutlined', order: 1 },
  search: ['code', 'locale', 'nameCn', 'nameEn'],
  sort: 'displayOrder,code',
  label: 'nameEn',
  columns: ['code', 'nameCn', 'nameEn', 'locale', 'dialCode', 'displayOrder', 'status'],
  labels: { zh: 'nameCn' },
  actions: ['create', 'edit', 'delete', 'export'],
  read: 'any',
  includes: { ports: { resource: 'ports', foreignKey: 'countryId', where: { status: 1 } } },
});
