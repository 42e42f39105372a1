import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/containers.json';
import { resource } from './names';

/** Containers of a shipment (ISO 6346 numbers), with the goods in each. */
export const containers = resource({
  name: 'containers',
  area: 'shipments',
  schema: schema as EntitySchema,
  search: ['containerNo'],
  sort: 'id',
  label: 'containerNo',
  actions: ['create', 'edit', 'delete'],
  parent: { resource: 'shipments', foreignKey: 'shipmentId' },
  relations: { goods: { resource: 'goods', foreignKey: 'containerId' } },
});
