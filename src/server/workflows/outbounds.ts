import type { FastifyInstance } from 'fastify';
import { OrderStatus } from '../../domain/order-flow';
import { ChangeType, DocStatus, type StockAction, isIsoDate } from '../../domain/stock-flow';
import { warehouseToday } from '../db/local-day';
import type { Queryable } from '../db/types';
import type { Rec } from '../engine/records';
import { conflict, validationError } from '../errors';
import { shipOrderOfOutbound } from './order-outbound';
import { chargeOutboundConfirm } from './finance/event-expenses';
import { fifoTakes, isTakeList, lotsInStock, sameTakes, type ExpectedTake } from './fifo';
import { planRoutes } from './plan';
import { podRoutes } from './pod';
import {
  changeLots,
  lockInventories,
  refreshWarehouseStatus,
  releaseStock,
  reserveStock,
  type LotChange,
  type SkuPieces,
} from './stock';
import { stockActionRoute, type ActionBody } from './transition';
import { arrayOf, int, obj, type Json } from '../contract/route-schemas';

interface Line {
  id: number;
  sku_id: number;
  product_id: number;
  pieces: number;
  pallets: number;
  title: string;
}

const linesOf = (tx: Queryable, outboundId: unknown) =>
  tx.query<Line>(
    `SELECT l.id, l.sku_id, l.product_id, l.pieces, l.pallets, s.title FROM outbound_lines l JOIN skus s ON s.id = l.sku_id
      WHERE l.outbound_id = $1 ORDER BY l.sku_id, l.id`,
    [outboundId],
  );

/** Lines summed per SKU, in SKU order: inventory rows are always locked in the same order. */
const perSku = (lines: Line[]) => {
  const sums = new Map<number, SkuPieces>();
  for (const l of lines) {
    const sum = sums.get(l.sku_id) ?? { skuId: l.sku_id, productId: l.product_id, pieces: 0, title: l.title };
    sum.pieces += l.pieces;
    sums.set(l.sku_id, sum);
  }
  return [...sums.values()];
};

/**
 * An order's outbound follows its order (C1): withdrawn or cancelled on its own it would leave the
 * order approved over stock it no longer holds, so only cancelling the order undoes it.
 */
async function refuseIfOrdered(tx: Queryable, doc: Rec) {
  const [order] = await tx.query<{ order_no: string }>(
    'SELECT order_no FROM orders WHERE outbound_id = $1 AND status <> $2',
    [doc.id, OrderStatus.cancelled],
  );
  if (order) throw conflict('errors.outboundOfOrder', { orderNo: order.order_no });
}

/**
 * Outbound workflow (DESIGN 5, 6): submit reserves (available = on hand - reserved), withdraw and
 * cancel release, confirm takes the stock from lots first in first out and logs the days each lot
 * spent in the warehouse; cancelling a done outbound puts the same lots back.
 */
export function outboundRoutes(app: FastifyInstance) {
  planRoutes(app, { resource: 'outbounds', lines: 'outboundLines', foreignKey: 'outboundId', prefix: 'OUT' });
  podRoutes(app, 'outbounds');

  const action = (name: StockAction, run: ActionBody, body?: Json) =>
    stockActionRoute(app, 'outbounds', name, run, body);

  const key = (doc: Rec, skuId: number) => ({
    organizationId: doc.organizationId as number,
    warehouseId: doc.warehouseId as number,
    skuId,
  });

  const place = (doc: Rec) => ({
    organizationId: doc.organizationId as number,
    warehouseId: doc.warehouseId as number,
  });
  const release = async (tx: Queryable, doc: Rec) => releaseStock(tx, place(doc), perSku(await linesOf(tx, doc.id)));

  action('submit', async (tx, doc) => {
    const lines = await linesOf(tx, doc.id);
    if (!lines.length) throw validationError([{ field: 'products', key: 'validation.products' }]);
    await reserveStock(tx, place(doc), perSku(lines));
  });

  action('withdraw', async (tx, doc) => {
    await refuseIfOrdered(tx, doc);
    return release(tx, doc);
  });

  action(
    'confirm',
    async (tx, doc, body, userId) => {
      const actualDate =
        body.actualDate === undefined ? await warehouseToday(tx, doc.warehouseId as number) : body.actualDate;
      if (!isIsoDate(actualDate)) throw validationError([{ field: 'actualDate', key: 'validation.actualDate' }]);
      if (body.takes !== undefined && !isTakeList(body.takes))
        throw validationError([{ field: 'takes', key: 'scan.validation.takes' }]);
      const lines = await linesOf(tx, doc.id);
      const inventory = await lockInventories(
        tx,
        key(doc, 0),
        lines.map((l) => ({ skuId: l.sku_id, productId: l.product_id })),
      );
      const lots = await lotsInStock(
        tx,
        [...inventory.values()].map((i) => i.id),
        true,
      );
      const { takes, short } = fifoTakes(lines, (skuId) => inventory.get(skuId)?.id, lots, actualDate as string);
      // The reservation made at submit guarantees the pieces; a shortfall means the invariant broke.
      if (short > 0) throw conflict('errors.stockMissing');
      // The scanner screen names the lots it scanned: another outbound may have taken from them since.
      if (body.takes !== undefined && !sameTakes(body.takes as ExpectedTake[], takes))
        throw conflict('scan.errors.planChanged');
      const oldest = takes.reduce((max, t) => Math.max(max, t.days), 0);
      const changes: LotChange[] = takes.map((take) => ({
        lotId: take.lotId,
        inventoryId: take.inventoryId,
        changeType: ChangeType.orderOutbound,
        pieces: -take.pieces,
        pallets: -take.pallets,
        daysInWarehouse: take.days,
        documentNo: doc.orderNo as string,
        outboundId: doc.id as number,
      }));
      await changeLots(tx, changes);
      await tx.query(
        `INSERT INTO outbound_takes(outbound_id, outbound_line_id, lot_id, sku_id, inbound_date, pieces, pallets, days_in_warehouse)
       SELECT $1, x.* FROM unnest($2::int[], $3::int[], $4::int[], $5::date[], $6::int[], $7::int[], $8::int[]) AS x`,
        [
          doc.id,
          takes.map((t) => t.lineId),
          takes.map((t) => t.lotId),
          takes.map((t) => t.skuId),
          takes.map((t) => t.inboundDate),
          takes.map((t) => t.pieces),
          takes.map((t) => t.pallets),
          takes.map((t) => t.days),
        ],
      );
      await tx.query(
        `UPDATE inventory i SET reserved = i.reserved - x.pieces
         FROM (SELECT sku_id, sum(pieces)::int AS pieces FROM unnest($3::int[], $4::int[]) AS l(sku_id, pieces) GROUP BY sku_id) x
        WHERE i.organization_id = $1 AND i.warehouse_id = $2 AND i.sku_id = x.sku_id`,
        [doc.organizationId, doc.warehouseId, lines.map((l) => l.sku_id), lines.map((l) => l.pieces)],
      );
      await refreshWarehouseStatus(
        tx,
        lines.map((l) => ({
          skuId: l.sku_id,
          event: ChangeType.orderOutbound,
          pieces: -l.pieces,
          documentNo: doc.orderNo as string,
        })),
      );
      // The outbound of a mall order ships that order, 6/9 -> 12, in this transaction (C1).
      await shipOrderOfOutbound(tx, doc.id as number, userId);
      // Finance: pallet loading priced by the fee model valid that day, in this transaction (none: no expense).
      await chargeOutboundConfirm(tx, doc, actualDate as string);
      return { actual_date: actualDate, days_in_warehouse: oldest };
    },
    obj({
      actualDate: {
        type: 'string',
        format: 'date',
        description: 'The day the goods left. Omitted: today at the warehouse, in its time zone.',
      },
      takes: arrayOf(
        obj({ lotId: int(), pieces: int() }, ['lotId', 'pieces']),
        'The pieces picked from each lot, as scanned (GET .../picks). Given, the confirm answers 40901 unless first in first out takes exactly these now.',
      ),
    }),
  );

  action('cancel', async (tx, doc) => {
    await refuseIfOrdered(tx, doc);
    if (doc.status === DocStatus.awaiting) return release(tx, doc);
    if (doc.status !== DocStatus.done) return;
    const takes = await tx.query<{
      lot_id: number;
      sku_id: number;
      pieces: number;
      pallets: number;
      inventory_id: number;
    }>(
      `SELECT t.lot_id, t.sku_id, t.pieces, t.pallets, l.inventory_id FROM outbound_takes t JOIN lots l ON l.id = t.lot_id
        WHERE t.outbound_id = $1 ORDER BY t.id`,
      [doc.id],
    );
    // Inventory rows in SKU order, then the lots, as every stock action takes them.
    await tx.query('SELECT id FROM inventory WHERE id = ANY($1::int[]) ORDER BY sku_id FOR UPDATE', [
      takes.map((t) => t.inventory_id),
    ]);
    await tx.query('SELECT id FROM lots WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [
      takes.map((t) => t.lot_id),
    ]);
    await changeLots(
      tx,
      takes.map((take) => ({
        lotId: take.lot_id,
        inventoryId: take.inventory_id,
        changeType: ChangeType.outboundCancelled,
        pieces: take.pieces,
        pallets: take.pallets,
        documentNo: doc.orderNo as string,
        outboundId: doc.id as number,
      })),
    );
    await tx.query('DELETE FROM outbound_takes WHERE outbound_id = $1', [doc.id]);
    await refreshWarehouseStatus(
      tx,
      takes.map((t) => ({
        skuId: t.sku_id,
        event: ChangeType.outboundCancelled,
        pieces: t.pieces,
        documentNo: doc.orderNo as string,
      })),
    );
  });
}
