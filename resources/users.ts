import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/users.json';

export const users: ResourceDef = {
  name: 'users',
  permission: 'permissions.users',
  api: '/system/users',
  schema: schema as EntitySchema,
  routes: { base: '/permissions/users' },
  menu: { parent: 'permissions', icon: 'UserOutlined', order: 1 },
  search: ['username', 'name', 'mobile', 'email'],
  sort: 'username',
  label: 'name',
  columns: ['username', 'name', 'status', 'roles', 'organizationId', 'mobile', 'email'],
  actions: ['create', 'edit', 'delete', 'export'],
};
