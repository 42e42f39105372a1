import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/addresses.json';
import { resource } from './names';

export const addresses = resource({
  name: 'addresses',
  area: 'organizations',
  schema: schema as EntitySchema,
  search: ['name', 'address', 'contact', 'phone'],
  sort: '-isDefault,-id',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'organizations', foreignKey: 'organizationId' },
});
