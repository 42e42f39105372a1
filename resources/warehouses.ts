import type { EntitySchema } from '../src/domain/resource';
import { siteSettings } from '../src/domain/site-settings';
import schema from '../schemas/warehouses.json';
import { resource } from './names';

// A warehouse works in the business's zone until it names its own: the day its documents are numbered and dated.
const timeZone = { ...schema.properties.timeZone, default: siteSettings.timeZone };

export const warehouses = resource({
  name: 'warehouses',
  area: 'configuration',
  schema: { ...schema, properties: { ...schema.properties, timeZone } } as EntitySchema,
  routes: { create: 'edit' },
  menu: { icon: 'HomeOutlined', order: 3 },
  search: ['name', 'shortName', 'address', 'contactName'],
  sort: 'shortName',
  label: 'name',
  columns: ['name', 'shortName', 'countryId', 'address', 'contactName', 'phone', 'status'],
  actions: ['create', 'edit', 'delete', 'export'],
  read: 'any',
});
