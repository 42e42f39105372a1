import dayjs from 'dayjs';
import { canOrder, OrderStatus } from '../../domain/order-flow';
import { DocStatus } from '../../domain/stock-flow';
import type { Queryable } from '../db/types';
import type { Rec } from '../engine/records';
import { conflict } from '../errors';
import { audit } from './documents';
import { insertDocument, type DocumentKind } from './plan';
import { releaseStock, reserveStock, type SkuPieces } from './stock';

const OUTBOUND: DocumentKind = {
  resource: 'outbounds',
  lines: 'outboundLines',
  foreignKey: 'outboundId',
  prefix: 'OUT',
};

interface SkuSum {
  sku_id: number;
  product_id: number;
  pieces: number;
  title: string;
}

/** An order's lines summed per SKU, in SKU order: inventory rows are always locked in one order. */
const orderSums = (tx: Queryable, orderId: unknown) =>
  tx.query<SkuSum>(
    `SELECT l.sku_id, l.product_id, sum(l.pieces)::int AS pieces, s.title FROM order_lines l JOIN skus s ON s.id = l.sku_id
      WHERE l.order_id = $1 GROUP BY l.sku_id, l.product_id, s.title ORDER BY l.sku_id`,
    [orderId],
  );

const asWanted = (s: SkuSum): SkuPieces => ({
  skuId: s.sku_id,
  productId: s.product_id,
  pieces: s.pieces,
  title: s.title,
});

const outboundSums = (tx: Queryable, outboundId: unknown) =>
  tx.query<SkuSum>(
    `SELECT sku_id, product_id, sum(pieces)::int AS pieces, '' AS title FROM outbound_lines WHERE outbound_id = $1 GROUP BY sku_id, product_id ORDER BY sku_id`,
    [outboundId],
  );

/**
 * C1: approving an order creates its outbound already submitted, and that submission is the one
 * reservation, made by the same reserveStock as an outbound's own submit. Too little of any SKU: 40901, and the caller's transaction rolls back, so
 * nothing stays reserved. Returns the outbound's id.
 */
export async function createOrderOutbound(tx: Queryable, order: Rec, userId: number): Promise<number> {
  const sums = await orderSums(tx, order.id);
  await reserveStock(
    tx,
    { organizationId: order.organizationId as number, warehouseId: order.warehouseId as number },
    sums.map(asWanted),
  );
  const header = {
    organizationId: order.organizationId,
    warehouseId: order.warehouseId,
    outboundType: 1,
    requestDate: dayjs().format('YYYY-MM-DD'),
    notifier: order.createdByName ?? undefined,
    remarks: order.orderNo,
  };
  const lines = sums.map((s) => ({
    skuId: s.sku_id,
    productId: s.product_id,
    pieces: s.pieces,
    pallets: 0,
    skuTitle: s.title,
  }));
  const id = await insertDocument(tx, OUTBOUND, header, lines, userId);
  await tx.query('UPDATE outbounds SET status = $2, version = version + 1 WHERE id = $1', [id, DocStatus.awaiting]);
  await audit(tx, {
    userId,
    entity: 'outbounds',
    entityId: id,
    action: 'submit',
    before: { status: DocStatus.initial },
    after: { status: DocStatus.awaiting },
  });
  return id;
}

/**
 * Cancelling an approved order cancels its outbound; one still awaiting the warehouse gives its
 * reservation back (a withdrawn one has already), through the same releaseStock.
 */
export async function cancelOrderOutbound(tx: Queryable, order: Rec, userId: number) {
  const [outbound] = await tx.query<{ id: number; status: number; organization_id: number; warehouse_id: number }>(
    'SELECT id, status, organization_id, warehouse_id FROM outbounds WHERE id = $1 FOR UPDATE',
    [order.outboundId],
  );
  if (!outbound || outbound.status === DocStatus.cancelled) return;
  if (outbound.status === DocStatus.done) throw conflict('errors.conflict');
  if (outbound.status === DocStatus.awaiting)
    await releaseStock(
      tx,
      { organizationId: outbound.organization_id, warehouseId: outbound.warehouse_id },
      (await outboundSums(tx, outbound.id)).map(asWanted),
    );
  await tx.query('UPDATE outbounds SET status = $2, version = version + 1, updated_at = now() WHERE id = $1', [
    outbound.id,
    DocStatus.cancelled,
  ]);
  await audit(tx, {
    userId,
    entity: 'outbounds',
    entityId: outbound.id,
    action: 'cancel',
    before: { status: outbound.status },
    after: { status: DocStatus.cancelled },
  });
}

/**
 * Confirming an order's outbound (src/server/workflows/outbounds.ts) ships the order: 6 or 9 -> 12,
 * in the same transaction, with its own audit row for the order's timeline.
 */
export async function shipOrderOfOutbound(tx: Queryable, outboundId: number, userId: number) {
  const [order] = await tx.query<{ id: number; status: number }>(
    'SELECT id, status FROM orders WHERE outbound_id = $1 FOR UPDATE',
    [outboundId],
  );
  if (!order || !canOrder('ship', order.status)) return;
  await tx.query('UPDATE orders SET status = $2, version = version + 1, updated_at = now() WHERE id = $1', [
    order.id,
    OrderStatus.shipped,
  ]);
  await audit(tx, {
    userId,
    entity: 'orders',
    entityId: order.id,
    action: 'ship',
    before: { status: order.status },
    after: { status: OrderStatus.shipped },
  });
}
