import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/shipments.json';

/** Cross-border shipments; copying one and receiving it into a warehouse are the workflows. */
export const shipments: ResourceDef = {
  name: 'shipments',
  permission: 'shipments',
  api: '/shipments',
  schema: schema as EntitySchema,
  routes: { base: '/shipments', list: 'list', create: 'addShipment' },
  menu: { parent: null, icon: 'ContainerOutlined', order: 30 },
  search: ['blNo', 'shipperName', 'consigneeName', 'remarks'],
  sort: '-id',
  label: 'blNo',
  columns: ['blNo', 'organizationId', 'shipmentType', 'loadingPortId', 'dischargePortId', 'etd', 'eta', 'cargoVolume'],
  actions: ['create', 'edit', 'delete', 'export'],
  workflow: { actions: ['copy', 'inbound'], labels: 'workflows.actions' },
  tenant: 'organizationId',
  relations: {
    containers: { resource: 'containers', foreignKey: 'shipmentId' },
    goods: { resource: 'goods', foreignKey: 'shipmentId' },
    attachments: { resource: 'attachments', foreignKey: 'shipmentId' },
  },
};
