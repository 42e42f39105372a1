import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/attachments.json';
import { resource } from './names';

/** Documents of a shipment (BL, invoice, packing list), stored through /oss. */
export const attachments = resource({
  name: 'attachments',
  area: 'shipments',
  schema: schema as EntitySchema,
  search: ['name'],
  sort: '-id',
  label: 'name',
  actions: ['create', 'edit', 'delete'],
  parent: { resource: 'shipments', foreignKey: 'shipmentId' },
});
