import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/addresses.json';

/** The organization's delivery addresses as the mall shows them (the same rows as its addresses). */
export const mallAddresses: ResourceDef = {
  name: 'mallAddresses',
  permission: 'orders.addresses',
  api: '/orders/addresses',
  table: 'addresses',
  schema: schema as EntitySchema,
  routes: { base: '/orders/addresses' },
  menu: { parent: 'orders', icon: 'EnvironmentOutlined', order: 4 },
  search: ['name', 'address', 'contact', 'phone'],
  columns: ['name', 'address', 'contact', 'phone', 'isDefault', 'status'],
  sort: '-isDefault,-id',
  label: 'name',
  actions: ['create', 'edit', 'delete', 'export'],
  tenant: 'organizationId',
};
