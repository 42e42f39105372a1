import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/ports.json';
import { resource } from './names';

export const ports = resource({
  name: 'ports',
  area: 'configuration',
  schema: schema as EntitySchema,
  menu: { icon: 'EnvironmentOutlined', order: 2 },
  search: ['code', 'nameCn', 'nameEn'],
  sort: 'displayOrder,code',
  label: 'nameEn',
  columns: ['code', 'nameCn', 'nameEn', 'countryId', 'displayOrder', 'status'],
  labels: { zh: 'nameCn' },
  actions: ['create', 'edit', 'delete', 'export'],
  read: 'any',
  import: {
    key: ['code'],
    lookups: { countryId: ['locale', 'code'] },
    example: { code: 'CNSZX', countryId: 'CN', nameCn: '深圳', nameEn: 'Shenzhen', displayOrder: 10, status: 1 },
  },
});
