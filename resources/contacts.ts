import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/contacts.json';

export const contacts: ResourceDef = {
  name: 'contacts',
  permission: 'organizations.contacts',
  api: '/organizations/contacts',
  schema: schema as EntitySchema,
  routes: { base: '/organizations/contacts' },
  search: ['nameCn', 'nameEn', 'phone', 'mobile', 'email'],
  sort: '-id',
  label: 'nameCn',
  // A contact's Chinese name on Chinese screens, the romanised one elsewhere.
  labels: { en: 'nameEn', es: 'nameEn', ja: 'nameEn' },
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'organizations', foreignKey: 'organizationId' },
};
