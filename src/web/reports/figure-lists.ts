import { BillStatus } from '../../domain/finance/codes';
import { DeliveryStatus, OrderStatus } from '../../domain/order-flow';
import { DocStatus } from '../../domain/stock-flow';

/** A list a figure opens: a resource's, filtered to a status where the figure counts one. */
export interface FigureList {
  resource: string;
  status?: number;
}

/**
 * The list each dashboard figure opens (the staff's and the cargo owner's), filtered as the server
 * counts it (GET /statistics/counts, /statistics/cargo), so a figure and its list say one number.
 */
export const FIGURE_LISTS: Record<string, FigureList> = {
  organizations: { resource: 'organizations' },
  products: { resource: 'products' },
  shipments: { resource: 'shipments' },
  shipmentsAtSea: { resource: 'shipments' },
  inboundsAwaiting: { resource: 'inbounds', status: DocStatus.awaiting },
  outboundsAwaiting: { resource: 'outbounds', status: DocStatus.awaiting },
  ordersAwaitingReview: { resource: 'orders', status: OrderStatus.awaitingReview },
  deliveriesInTransit: { resource: 'deliveries', status: DeliveryStatus.inTransit },
  billsUnpaid: { resource: 'bills', status: BillStatus.issued },
  stockPieces: { resource: 'inventory' },
  stockPallets: { resource: 'inventory' },
  countries: { resource: 'countries' },
  ports: { resource: 'ports' },
  activePorts: { resource: 'ports', status: 1 },
  users: { resource: 'users' },
};
