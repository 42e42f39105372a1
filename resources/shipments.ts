import type { EntitySchema, FieldSchema } from '../src/domain/resource';
import schema from '../schemas/shipments.json';
import { resource } from './names';

/** The lines of the inbound a shipment is received into, as that inbound's answer gives them. */
const LINES_MADE: FieldSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'skuId', 'productId', 'pieces', 'pallets'],
    properties: {
      id: { type: 'integer' },
      skuId: { type: 'integer' },
      productId: { type: 'integer' },
      pieces: { type: 'integer' },
      pallets: { type: 'integer' },
    },
  },
};

/** Cross-border shipments; copying one and receiving it into a warehouse are the workflows. */
export const shipments = resource({
  name: 'shipments',
  schema: schema as EntitySchema,
  routes: { list: 'list', create: 'addShipment' },
  menu: { icon: 'ContainerOutlined', order: 30 },
  search: ['blNo', 'shipperName', 'consigneeName', 'remarks'],
  sort: '-id',
  label: 'blNo',
  columns: ['blNo', 'organizationId', 'shipmentType', 'loadingPortId', 'dischargePortId', 'etd', 'eta', 'cargoVolume'],
  actions: ['create', 'edit', 'delete', 'export'],
  workflow: {
    actions: [],
    // A shipment has no states: its two actions make other records and move nothing.
    machine: {
      field: 'status',
      states: [],
      actions: {
        inbound: {
          primary: true,
          effect: 'receiveShipment',
          input: {
            $id: 'shipments.inbound',
            type: 'object',
            required: ['warehouseId'],
            properties: {
              warehouseId: {
                type: 'integer',
                minimum: 1,
                'x-ref': 'warehouses',
                description: 'A warehouse the caller may see.',
                'x-messages': {
                  required: 'validation.required',
                  type: 'validation.required',
                  minimum: 'validation.required',
                },
              },
            },
          },
          answers: 'inbounds',
          // Its lines as the inbound's own answers name them, and under their old name, deprecated.
          answer: {
            lines: { ...LINES_MADE, description: 'The lines made, one per SKU of the goods.' },
            products: {
              ...LINES_MADE,
              deprecated: true,
              description: 'Deprecated: the same lines as `lines`, under their old name.',
            },
          },
          summary: 'Receive a shipment into a warehouse',
          description:
            'Makes a draft inbound (type 1) with one line per SKU of the goods and links it to the shipment; answers that inbound. ' +
            'A shipment whose inbound is not cancelled answers 40901 naming it; one without goods answers 40001.',
        },
        copy: {
          confirm: true,
          effect: 'copyShipment',
          answers: 'shipments',
          summary: 'Copy a shipment',
          description:
            'A new shipment with the same header, containers and goods; BL number, dates and inbound are left empty. Answers the copy.',
        },
      },
    },
  },
  tenant: 'organizationId',
  relations: {
    containers: { resource: 'containers', foreignKey: 'shipmentId' },
    goods: { resource: 'goods', foreignKey: 'shipmentId' },
    attachments: { resource: 'attachments', foreignKey: 'shipmentId' },
  },
});
