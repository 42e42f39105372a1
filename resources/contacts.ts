import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/contacts.json';
import { resource } from './names';

export const contacts = resource({
  name: 'contacts',
  area: 'organizations',
  schema: schema as EntitySchema,
  search: ['nameCn', 'nameEn', 'phone', 'mobile', 'email'],
  sort: '-id',
  label: 'nameCn',
  // A contact's Chinese name on Chinese screens, the romanised one elsewhere.
  labels: { en: 'nameEn', es: 'nameEn', ja: 'nameEn' },
  actions: ['create', 'edit', 'delete', 'export'],
  parent: { resource: 'organizations', foreignKey: 'organizationId' },
});
