import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/containers.json';

/** Containers of a shipment (ISO 6346 numbers), with the goods in each. */
export const containers: ResourceDef = {
  name: 'containers',
  permission: 'shipments.containers',
  api: '/shipments/containers',
  schema: schema as EntitySchema,
  routes: { base: '/shipments/containers' },
  search: ['containerNo'],
  sort: 'id',
  label: 'containerNo',
  actions: ['create', 'edit', 'delete'],
  parent: { resource: 'shipments', foreignKey: 'shipmentId' },
  relations: { goods: { resource: 'goods', foreignKey: 'containerId' } },
};
