import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/roles.json';

export const roles: ResourceDef = {
  name: 'roles',
  permission: 'permissions.roles',
  api: '/system/roles',
  schema: schema as EntitySchema,
  routes: { base: '/permissions/roles' },
  menu: { parent: 'permissions', icon: 'SafetyOutlined', order: 2 },
  columns: ['name', 'remarks'],
  search: ['name', 'remarks'],
  sort: 'name',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
};
