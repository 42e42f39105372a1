import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/organizations.json';

export const organizations: ResourceDef = {
  name: 'organizations',
  permission: 'organizations',
  api: '/organizations',
  schema: schema as EntitySchema,
  routes: { base: '/organizations', create: 'edit' },
  menu: { parent: null, icon: 'TeamOutlined', order: 10 },
  search: ['organizationName', 'organizationCode', 'companyNameCN', 'companyNameEN'],
  sort: '-id',
  label: 'organizationName',
  columns: [
    'organizationName',
    'organizationCode',
    'level',
    'companyNameCN',
    'companyNameEN',
    'startDate',
    'partnerId',
  ],
  actions: ['create', 'edit', 'delete', 'export'],
  // Lookups on other screens (a document's customer) need to read them; scoping still applies.
  read: 'any',
  tenant: 'id',
  relations: {
    contacts: { resource: 'contacts', foreignKey: 'organizationId', anyValue: { status: '2' } },
    addresses: { resource: 'addresses', foreignKey: 'organizationId' },
    communications: { resource: 'communications', foreignKey: 'organizationId' },
    subsidiaries: { resource: 'organizations', foreignKey: 'parentId' },
    buyers: { resource: 'buyers', foreignKey: 'organizationId' },
    suppliers: { resource: 'suppliers', foreignKey: 'organizationId' },
    products: { resource: 'products', foreignKey: 'organizationId' },
    shipments: { resource: 'shipments', foreignKey: 'organizationId' },
    inbounds: { resource: 'inbounds', foreignKey: 'organizationId' },
    inventory: { resource: 'inventory', foreignKey: 'organizationId' },
    outbounds: { resource: 'outbounds', foreignKey: 'organizationId' },
  },
};
