import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/suppliers.json';
import { resource } from './names';

export const suppliers = resource({
  name: 'suppliers',
  area: 'organizations',
  schema: schema as EntitySchema,
  search: ['name', 'nameEn', 'contact'],
  sort: 'name',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'organizations', foreignKey: 'organizationId' },
});
