import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/users.json';
import { resource } from './names';

export const users = resource({
  name: 'users',
  area: 'permissions',
  schema: schema as EntitySchema,
  menu: { icon: 'UserOutlined', order: 1 },
  search: ['username', 'name', 'mobile', 'email'],
  sort: 'username',
  label: 'name',
  columns: ['username', 'name', 'status', 'roles', 'organizationId', 'mobile', 'email'],
  actions: ['create', 'edit', 'delete', 'export'],
});
