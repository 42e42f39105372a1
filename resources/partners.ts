import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/partners.json';
import { resource } from './names';

export const partners = resource({
  name: 'partners',
  schema: schema as EntitySchema,
  routes: { create: 'edit' },
  menu: { icon: 'ShopOutlined', order: 80 },
  search: ['partnerName', 'partnerCode', 'contact'],
  sort: 'partnerName',
  label: 'partnerName',
  columns: ['partnerName', 'partnerType', 'partnerCode', 'countryId', 'contact', 'phone', 'status'],
  actions: ['create', 'edit', 'delete', 'export'],
  // Lookups on other screens (a document's customer) need to read them; scoping still applies.
  read: 'any',
  import: {
    key: ['partnerName'],
    lookups: { countryId: ['locale', 'code'] },
    example: { partnerName: 'Example Line', partnerCode: 'EXL', partnerType: 1, countryId: 'CN', status: 1 },
  },
});
