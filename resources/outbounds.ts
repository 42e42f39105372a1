import type { EntitySchema } from '../src/domain/resource';
import { DocStatus, outboundMachine } from '../src/domain/stock-flow';
import schema from '../schemas/outbounds.json';
import { resource } from './names';
import { stockDocument } from './stock-documents';

/** Outbound orders: list, filters and detail are generated; plan and confirm are the workflow. */
export const outbounds = resource(
  stockDocument('outbound', {
    schema: schema as EntitySchema,
    routes: { create: '/inventories/addOutbound', edit: 'edit/:id' },
    menu: { icon: 'ExportOutlined', order: 2 },
    search: ['orderNo', 'notifier'],
    columns: [
      'orderNo',
      'status',
      'organizationId',
      'warehouseId',
      'requestDate',
      'actualDate',
      'pieces',
      'pallets',
      'daysInWarehouse',
    ],
    machine: outboundMachine,
    relations: {
      lines: { resource: 'outboundLines', foreignKey: 'outboundId', deprecatedKeys: ['products'] },
      takes: { resource: 'outboundTakes', foreignKey: 'outboundId' },
      changeLogs: { resource: 'changeLogs', foreignKey: 'outboundId' },
      // Goods of this outbound sent back (issue 42), asked from its tab once it has left.
      returns: {
        resource: 'returns',
        foreignKey: 'outboundId',
        createWhen: { status: { in: [DocStatus.done] } },
        carries: ['organizationId', 'warehouseId', 'orderId'],
      },
    },
    checksStock: true,
  }),
);
