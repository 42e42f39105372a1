import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { DeliveryType, OrderStatus, orderMachine } from '../../domain/order-flow';
import { buttonPermission } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { recordId, requestViewer } from '../engine/crud';
import type { Rec } from '../engine/records';
import { validationError } from '../errors';
import { lockOrder, moveOrder } from './order-transition';
import { cancelOrderOutbound, createOrderOutbound } from './order-outbound';
import { idParams, int, movedTo, obj, routeSchemas, type Json } from '../contract/route-schemas';

type OrderWork = (
  tx: Queryable,
  order: Rec,
  body: Rec,
  userId: number,
) => Promise<{ columns?: Rec; note?: Rec; reply?: Rec } | void>;

/** An order can be submitted with lines, and a delivery to an address with its address. */
async function submitOrder(tx: Queryable, order: Rec) {
  const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM order_lines WHERE order_id = $1', [
    order.id,
  ]);
  const problems = [];
  if (!n) problems.push({ field: 'products', key: 'validation.products' });
  if (order.deliveryType === DeliveryType.delivery && !order.addressId)
    problems.push({ field: 'addressId', key: 'validation.required' });
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
  if (reason.length > 500)
    throw validationError([{ field: 'reason', key: 'validation.maxLength', params: { limit: 500 } }]);
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

/** What each action reads of its body, answers beyond `movedTo`, and does besides moving the state. */
const DOCS: Record<keyof typeof WORK, { summary: string; does: string; body?: Json; answer?: Json }> = {
  submit: {
    summary: 'Submit the order for review',
    does: 'It needs lines, and an address for a delivery (40001 otherwise). Takes no body.',
  },
  approve: {
    summary: 'Approve the order',
    does: 'Creates its outbound already submitted, which reserves the stock (C1); too little of a SKU answers 40901 and nothing changes. Takes no body.',
    answer: obj({ ...(movedTo.properties as Json), outboundId: int('The outbound created for the order.') }, [
      'id',
      'status',
      'outboundId',
    ]),
  },
  reject: {
    summary: 'Reject the order',
    does: 'The shipper may edit and resubmit it; the reason is kept on the order and in its timeline.',
    body: obj(
      {
        reason: {
          type: 'string',
          minLength: 1,
          maxLength: 500,
          description: 'Why; blank (after trimming) answers 40001.',
        },
      },
      ['reason'],
    ),
  },
  cancel: {
    summary: 'Cancel the order',
    does: "An approved order's outbound is cancelled too and its reservation released. Takes no body.",
  },
  pick: { summary: 'Start picking the order', does: 'The warehouse works on it: too late to cancel. Takes no body.' },
  complete: { summary: 'Complete the signed order', does: 'Takes no body.' },
};

/**
 * `POST /orders/{id}/<action>`: lock the order, check its state, do the action's work and move it,
 * in one transaction; 40901 when the order moved on, 404 for an order the viewer cannot see.
 */
export function orderActionRoutes(app: FastifyInstance) {
  const orders = resourceByName('orders')!;
  for (const [name, work] of Object.entries(WORK) as [keyof typeof WORK, OrderWork][]) {
    const docs = DOCS[name];
    const schemas = routeSchemas({
      summary: docs.summary,
      description: `Moves it from ${orderMachine.actions[name].from!.join(' or ')} to ${orderMachine.actions[name].to} in one transaction; another state answers 40901. ${docs.does}`,
      params: idParams,
      body: docs.body,
      answer: docs.answer ?? movedTo,
    });
    app.post<{ Params: { id: string } }>(
      `${orders.api}/:id/${name}`,
      { config: { permission: buttonPermission(orders, name) }, ...schemas },
      async (request) => {
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
      },
    );
  }
}
