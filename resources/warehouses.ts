import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/warehouses.json';

export const warehouses: ResourceDef = {
  name: 'warehouses',
  permission: 'config.warehouses',
  api: '/config/warehouses',
  schema: schema as EntitySchema,
  routes: { base: '/configuration/warehouses', create: 'edit' },
  menu: { parent: 'configuration', icon: 'HomeOutlined', order: 3 },
  search: ['name', 'shortName', 'address', 'contactName'],
  sort: 'shortName',
  label: 'name',
  columns: ['name', 'shortName', 'countryId', 'address', 'contactName', 'phone', 'status'],
  actions: ['create', 'edit', 'delete', 'export'],
  read: 'any',
};
