import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/communications.json';

export const communications: ResourceDef = {
  name: 'communications',
  permission: 'organizations.communications',
  api: '/organizations/communications',
  schema: schema as EntitySchema,
  routes: { base: '/organizations/communications' },
  search: ['content'],
  sort: '-time',
  label: 'content',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'organizations', foreignKey: 'organizationId' },
};
