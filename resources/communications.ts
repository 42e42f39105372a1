import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/communications.json';
import { resource } from './names';

export const communications = resource({
  name: 'communications',
  area: 'organizations',
  schema: schema as EntitySchema,
  search: ['content'],
  sort: '-time',
  label: 'content',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'organizations', foreignKey: 'organizationId' },
});
