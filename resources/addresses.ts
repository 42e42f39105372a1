import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/addresses.json';

export const addresses: ResourceDef = {
  name: 'addresses',
  permission: 'organizations.addresses',
  api: '/organizations/addresses',
  schema: schema as EntitySchema,
  routes: { base: '/organizations/addresses' },
  search: ['name', 'address', 'contact', 'phone'],
  sort: '-isDefault,-id',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'organizations', foreignKey: 'organizationId' },
};
