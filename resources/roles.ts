import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/roles.json';
import { resource } from './names';

export const roles = resource({
  name: 'roles',
  area: 'permissions',
  schema: schema as EntitySchema,
  menu: { icon: 'SafetyOutlined', order: 2 },
  columns: ['name', 'remarks'],
  search: ['name', 'remarks'],
  sort: 'name',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
});
