import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { DeliveryType, OrderStatus, type OrderAction } from '../../domain/order-flow';
import { buttonPermission } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { recordId, requestViewer } from '../engine/crud';
import type { Rec } from '../engine/records';
import { validationError } from '../errors';
import { lockOrder, moveOrder } from './order-transition';
import { cancelOrderOutbound, createOrderOutbound } from './order-outbound';

type OrderWork = (tx: Queryable, order: Rec, body: Rec, userId: number) => Promise<{ columns?: Rec; note?: Rec; reply?: Rec } | void>;

/** An order can be submitted with lines, and a delivery to an address with its address. */
async function submitOrder(tx: Queryable, order: Rec) {
  const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM order_lines WHERE order_id = $1', [order.id]);
  const problems = [];
  if (!n) problems.push({ field: 'products', key: 'validation.products' });
  if (order.deliveryType === DeliveryType.delivery && !order.addressId) problems.push({ field: 'addressId', key: 'validation.required' });
  if (problems.length) throw validationError(problems);
}

/** C1: the outbound, submitted, reserves the stock; too little answers 40901 and nothing changes. */
async function approveOrder(tx: Queryable, order: Rec, _body: Rec, userId: number) {
  const outboundId = await createOrderOutbound(tx, order, userId);
  return { columns: { outbound_id: outboundId, reject_reason: null }, reply: { outboundId } };
}

async function rejectOrder(_tx: Queryable, _order: Rec, body: Rec) {
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) throw validationError([{ field: 'reason', key: 'validation.required' }]);
  if (reason.length > 500) throw validationError([{ field: 'reason', key: 'validation.maxLength', params: { limit: 500 } }]);
  return { columns: { reject_reason: reason }, note: { reason } };
}

/** Before the pick starts an approved order's outbound is cancelled and its reservation released. */
async function cancelOrder(tx: Queryable, order: Rec, _body: Rec, userId: number) {
  if (order.status === OrderStatus.approved && order.outboundId) await cancelOrderOutbound(tx, order, userId);
}

const WORK: Record<'submit' | 'approve' | 'reject' | 'cancel' | 'pick' | 'complete', OrderWork> = {
  submit: submitOrder,
  approve: approveOrder,
  reject: rejectOrder,
  cancel: cancelOrder,
  pick: async () => undefined,
  complete: async () => undefined,
};

/**
 * `POST /orders/{id}/<action>`: lock the order, check its state, do the action's work and move it,
 * in one transaction; 40901 when the order moved on, 404 for an order the viewer cannot see.
 */
export function orderActionRoutes(app: FastifyInstance) {
  const orders = resourceByName('orders')!;
  for (const [name, work] of Object.entries(WORK) as [OrderAction, OrderWork][])
    app.post<{ Params: { id: string } }>(`${orders.api}/:id/${name}`, { config: { permission: buttonPermission(orders, name) } }, async (request) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Rec;
      const userId = request.user!.id;
      return app.db.transaction(async (tx) => {
        const order = await lockOrder(tx, request, id, viewer, name);
        const done = (await work(tx, order, body, userId)) ?? {};
        const status = await moveOrder(tx, userId, order, name, done);
        return { id, status, ...done.reply };
      });
    });
}
