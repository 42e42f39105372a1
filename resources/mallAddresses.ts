import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/addresses.json';
import { resource } from './names';

/** The organization's delivery addresses as the mall shows them (the same rows as its addresses). */
export const mallAddresses = resource({
  name: 'mallAddresses',
  area: 'orders',
  table: 'addresses',
  schema: schema as EntitySchema,
  menu: { icon: 'EnvironmentOutlined', order: 4 },
  search: ['name', 'address', 'contact', 'phone'],
  columns: ['name', 'address', 'contact', 'phone', 'isDefault', 'status'],
  sort: '-isDefault,-id',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
  tenant: 'organizationId',
});
