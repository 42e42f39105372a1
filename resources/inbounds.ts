import type { EntitySchema } from '../src/domain/resource';
import { inboundMachine } from '../src/domain/stock-flow';
import schema from '../schemas/inbounds.json';
import { resource } from './names';
import { stockDocument } from './stock-documents';

/** Inbound orders: list, filters and detail are generated; plan and confirm are the workflow. */
export const inbounds = resource(
  stockDocument('inbound', {
    schema: schema as EntitySchema,
    routes: { create: '/inventories/addInbound' },
    menu: { icon: 'ImportOutlined', order: 1 },
    search: ['orderNo', 'blNo', 'refNo'],
    columns: [
      'orderNo',
      'status',
      'organizationId',
      'warehouseId',
      'eta',
      'plannedInboundDate',
      'inboundDate',
      'pieces',
      'pallets',
    ],
    machine: inboundMachine,
    relations: {
      lines: { resource: 'inboundLines', foreignKey: 'inboundId', deprecatedKeys: ['products'] },
      lots: { resource: 'lots', foreignKey: 'inboundId' },
      changeLogs: { resource: 'changeLogs', foreignKey: 'inboundId' },
      shipments: { resource: 'shipments', foreignKey: 'inboundId' },
    },
  }),
);
