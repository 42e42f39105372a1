import type { FastifyRequest } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { canOrder, orderMachine, type OrderAction } from '../../domain/order-flow';
import type { Queryable } from '../db/types';
import { findRecord, type Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { conflict, notFound } from '../errors';
import { audit } from './documents';

/** The 40901 of an order or delivery that moved on: its state and the refused action, translated. */
export const wrongState = (
  request: FastifyRequest,
  enumName: 'orderStatus' | 'deliveryStatus',
  status: unknown,
  action: string,
) =>
  conflict('errors.wrongState', {
    status: request.t(`enums.${enumName}.${String(status)}`),
    action: request.t(`workflowActions.${action}`),
  });

/** An order the viewer may see, locked for the transaction, in a state the action starts from. */
export async function lockOrder(
  tx: Queryable,
  request: FastifyRequest,
  id: number,
  viewer: Viewer,
  action: OrderAction,
): Promise<Rec> {
  const order = await findRecord(tx, resourceByName('orders')!, id, viewer, true);
  if (!order) throw notFound();
  if (!canOrder(action, order.status as number)) throw wrongState(request, 'orderStatus', order.status, action);
  return order;
}

/**
 * Moves a locked order to `to` (the action's target unless given), with column values the action
 * sets, and writes the audit row the timeline reads (`note` is shown there: a reason).
 */
export async function moveOrder(
  tx: Queryable,
  userId: number,
  order: Rec,
  action: OrderAction,
  change: { to?: number; columns?: Record<string, unknown>; note?: Record<string, unknown> } = {},
) {
  const to = change.to ?? orderMachine.actions[action].to!;
  const columns = change.columns ?? {};
  const sets = Object.keys(columns).map((c, i) => `, ${c} = $${i + 3}`);
  await tx.query(
    `UPDATE orders SET status = $2${sets.join('')}, version = version + 1, updated_at = now() WHERE id = $1`,
    [order.id, to, ...Object.values(columns)],
  );
  await audit(tx, {
    userId,
    entity: 'orders',
    entityId: order.id as number,
    action,
    before: { status: order.status },
    after: { status: to, ...change.note },
  });
  return to;
}
