import { orderAfterDelivery, type DeliveryAction } from '../../../domain/order-flow';
import type { Effect, EffectContext, EffectResult } from '../../engine/transition';
import { wrongState } from '../../engine/transition';
import type { Queryable } from '../../db/types';
import { storedFileName } from '../../files/stored-file-name';
import { chargeDeliveryDispatch } from '../finance/event-expenses';

/**
 * Every delivery action moves its order along (C6) or is refused by the order's state: dispatch
 * takes it 12 -> 15 (a re-dispatch finds it in 15 and leaves it), sign signs it for, fail and
 * re-dispatch need it in delivery. The answer carries the order's state.
 */
const withOrder =
  (action: DeliveryAction, own: (tx: Queryable, ctx: EffectContext) => Promise<EffectResult>): Effect =>
  async (tx, ctx) => {
    const orders = ctx.resource('orders')!;
    const [order] = await tx.query<{ id: number; status: number }>(
      'SELECT id, status FROM orders WHERE id = $1 FOR UPDATE',
      [ctx.record.orderId],
    );
    const orderTo = orderAfterDelivery(action, order.status);
    if (orderTo === undefined) throw wrongState(ctx.t, orders, order, action, 'deliveries');
    const done = await own(tx, ctx);
    if (orderTo !== order.status) await ctx.event(tx, 'orders', order.id, action === 'sign' ? 'sign' : 'dispatch');
    return { ...done, reply: { orderStatus: orderTo } };
  };

/** Dispatch: the run's vehicle, driver, phone and day; transport charged by the fee model valid that day. */
export const dispatchDelivery = withOrder('dispatch', async (tx, { record, input, userId }) => {
  await chargeDeliveryDispatch(tx, record.id as number, input.plannedDate as string, userId);
  // A run without a phone clears the last run's.
  return { columns: { phone: input.phone ?? null } };
});

/** Sign: signed for, with the proof of delivery uploaded through /oss; the transport is complete. */
export const signDelivery = withOrder('sign', async (tx, { input }) => ({
  columns: { pod_file_name: await storedFileName(tx, input.podFile as string) },
}));

/** Fail: why the run did not arrive (trimmed by the route); the order stays in delivery. */
export const failDelivery = withOrder('fail', async (_tx, { input: { reason } }) => ({
  columns: { fail_reason: reason },
  note: { reason },
}));

/** Re-dispatch: ready for a new run; the last run's details stay until it is dispatched. */
export const redispatchDelivery = withOrder('redispatch', async () => ({}));
