import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/attachments.json';

/** Documents of a shipment (BL, invoice, packing list), stored through /oss. */
export const attachments: ResourceDef = {
  name: 'attachments',
  permission: 'shipments.attachments',
  api: '/attachments',
  schema: schema as EntitySchema,
  routes: { base: '/shipments/attachments' },
  search: ['name'],
  sort: '-id',
  label: 'name',
  actions: ['create', 'edit', 'delete'],
  parent: { resource: 'shipments', foreignKey: 'shipmentId' },
};
