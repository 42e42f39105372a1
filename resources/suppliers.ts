import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/suppliers.json';

export const suppliers: ResourceDef = {
  name: 'suppliers',
  permission: 'organizations.suppliers',
  api: '/organizations/suppliers',
  schema: schema as EntitySchema,
  routes: { base: '/organizations/suppliers' },
  search: ['name', 'nameEn', 'contact'],
  sort: 'name',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'organizations', foreignKey: 'organizationId' },
};
