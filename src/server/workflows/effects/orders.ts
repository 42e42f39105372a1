import dayjs from 'dayjs';
import { DeliveryType, OrderStatus } from '../../../domain/order-flow';
import type { Queryable } from '../../db/types';
import type { Rec } from '../../engine/records';
import type { Effect } from '../../engine/transition';
import { validationError } from '../../errors';
import { insertDocument, type DocumentKind } from '../plan';

const OUTBOUND: DocumentKind = {
  resource: 'outbounds',
  lines: 'outboundLines',
  foreignKey: 'outboundId',
  prefix: 'OUT',
};

/** An order can be submitted with lines, and a delivery to an address with its address. */
export const submitOrder: Effect = async (tx, { record: order }) => {
  const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM order_lines WHERE order_id = $1', [
    order.id,
  ]);
  const problems = [];
  if (!n) problems.push({ field: 'products', key: 'validation.products' });
  if (order.deliveryType === DeliveryType.delivery && !order.addressId)
    problems.push({ field: 'addressId', key: 'validation.required' });
  if (problems.length) throw validationError(problems);
};

/** An order's lines summed per SKU, in SKU order: the outbound's lines, one per SKU. */
const orderSums = (tx: Queryable, order: Rec) =>
  tx.query<{ skuId: number; productId: number; pieces: number; skuTitle: string }>(
    `SELECT l.sku_id AS "skuId", l.product_id AS "productId", sum(l.pieces)::int AS pieces, s.title AS "skuTitle"
       FROM order_lines l JOIN skus s ON s.id = l.sku_id
      WHERE l.order_id = $1 GROUP BY l.sku_id, l.product_id, s.title ORDER BY l.sku_id`,
    [order.id],
  );

/**
 * C1: approving an order makes its outbound and submits it, and that submission (the outbound's own
 * submit, with its effect) is the one reservation: too little of any SKU answers 40901 and the
 * transaction leaves nothing behind.
 */
export const approveOrder: Effect = async (tx, { record: order, userId, event }) => {
  const lines = (await orderSums(tx, order)).map((l) => ({ ...l, pallets: 0 }));
  const header = {
    organizationId: order.organizationId,
    warehouseId: order.warehouseId,
    outboundType: 1,
    requestDate: dayjs().format('YYYY-MM-DD'),
    notifier: order.createdByName ?? undefined,
    remarks: order.orderNo,
  };
  const outboundId = await insertDocument(tx, OUTBOUND, header, lines, userId);
  // Linked first: the outbound's submit then reads it as the order's.
  await tx.query('UPDATE orders SET outbound_id = $2 WHERE id = $1', [order.id, outboundId]);
  await event(tx, 'outbounds', outboundId, 'submit');
  return { columns: { outbound_id: outboundId, reject_reason: null }, reply: { outboundId } };
};

/** The reason (trimmed by the route) is kept on the order and in its timeline. */
export const rejectOrder: Effect = async (_tx, { input: { reason } }) => ({
  columns: { reject_reason: reason },
  note: { reason },
});

/** Before the pick starts an approved order's outbound is cancelled with it, its reservation released. */
export const cancelOrder: Effect = async (tx, { record: order, event }) => {
  if (order.status === OrderStatus.approved && order.outboundId)
    await event(tx, 'outbounds', order.outboundId as number, 'cancel');
};
