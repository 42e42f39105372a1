import type { EntitySchema } from '../src/domain/resource';
import { deliveryMachine } from '../src/domain/order-flow';
import schema from '../schemas/deliveries.json';
import { resource } from './names';

/** Deliveries of shipped orders (C6): created by staff, then dispatched and signed for with a POD. */
export const deliveries = resource({
  name: 'deliveries',
  area: 'orders',
  schema: schema as EntitySchema,
  menu: { icon: 'CarOutlined', order: 5 },
  search: ['driver', 'vehicle', 'signer'],
  columns: ['orderId', 'status', 'deliveryType', 'organizationId', 'driver', 'plannedDate', 'signedAt'],
  sort: '-id',
  label: 'orderNo',
  actions: ['create', 'export'],
  workflow: {
    actions: [],
    replaces: ['create'],
    machine: deliveryMachine,
  },
  tenant: 'organizationId',
});
