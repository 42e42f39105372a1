import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/buyers.json';

export const buyers: ResourceDef = {
  name: 'buyers',
  permission: 'organizations.buyers',
  api: '/organizations/buyers',
  schema: schema as EntitySchema,
  routes: { base: '/organizations/buyers' },
  search: ['name', 'nameEn', 'contact'],
  sort: 'name',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'organizations', foreignKey: 'organizationId' },
};
