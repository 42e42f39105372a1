import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/organizations.json';
import { resource } from './names';

export const organizations = resource({
  name: 'organizations',
  schema: schema as EntitySchema,
  routes: { create: 'edit' },
  menu: { icon: 'TeamOutlined', order: 10 },
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
  import: {
    key: ['organizationCode'],
    lookups: { partnerId: ['partnerCode', 'partnerName'], parentId: ['organizationCode'] },
    example: {
      organizationName: '深圳示例贸易有限公司',
      organizationCode: 'SZ001',
      level: 2,
      companyNameCN: '深圳示例贸易有限公司',
      companyNameEN: 'Shenzhen Example Trading Co., Ltd.',
      startDate: '2026-01-01',
    },
    children: [
      {
        resource: 'contacts',
        key: ['nameCn'],
        example: {
          nameCn: '王芳',
          nameEn: 'Fang Wang',
          mobile: '+86 138 0000 0000',
          email: 'fang@example.com',
          status: 1,
        },
      },
      {
        resource: 'addresses',
        key: ['name'],
        example: { name: '深圳仓', address: '深圳市南山区科技园 1 号', contact: '王芳', isDefault: true, status: 1 },
      },
    ],
  },
});
