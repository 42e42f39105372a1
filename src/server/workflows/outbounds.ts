import type { FastifyInstance } from 'fastify';
import { ChangeType, DocStatus, daysBetween, type StockAction, isIsoDate } from '../../domain/stock-flow';
import type { Queryable } from '../db/types';
import type { Rec } from '../engine/records';
import { conflict, validationError } from '../errors';
import { shipOrderOfOutbound } from './order-outbound';
import { chargeOutboundConfirm } from './finance/event-expenses';
import { planRoutes } from './plan';
import { podRoutes } from './pod';
import { changeLot, lockInventory, refreshWarehouseStatus } from './stock';
import { stockActionRoute, type ActionBody } from './transition';

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
  const sums = new Map<number, { skuId: number; productId: number; pieces: number; title: string }>();
  for (const l of lines) {
    const sum = sums.get(l.sku_id) ?? { skuId: l.sku_id, productId: l.product_id, pieces: 0, title: l.title };
    sum.pieces += l.pieces;
    sums.set(l.sku_id, sum);
  }
  return [...sums.values()];
};

/**
 * Outbound workflow (DESIGN 5, 6): submit reserves (available = on hand - reserved), withdraw and
 * cancel release, confirm takes the stock from lots first in first out and logs the days each lot
 * spent in the warehouse; cancelling a done outbound puts the same lots back.
 */
export function outboundRoutes(app: FastifyInstance) {
  planRoutes(app, { resource: 'outbounds', lines: 'outboundLines', foreignKey: 'outboundId', prefix: 'OUT' });
  podRoutes(app, 'outbounds');

  const action = (name: StockAction, run: ActionBody) => stockActionRoute(app, 'outbounds', name, run);

  const key = (doc: Rec, skuId: number) => ({ organizationId: doc.organizationId as number, warehouseId: doc.warehouseId as number, skuId });

  const release = async (tx: Queryable, doc: Rec) => {
    for (const sum of perSku(await linesOf(tx, doc.id))) {
      const inventory = await lockInventory(tx, key(doc, sum.skuId), sum.productId);
      await tx.query('UPDATE inventory SET reserved = reserved - $2 WHERE id = $1', [inventory.id, sum.pieces]);
    }
  };

  action('submit', async (tx, doc) => {
    const lines = await linesOf(tx, doc.id);
    if (!lines.length) throw validationError([{ field: 'products', key: 'validation.products' }]);
    for (const sum of perSku(lines)) {
      const inventory = await lockInventory(tx, key(doc, sum.skuId), sum.productId);
      const available = inventory.pieces - inventory.reserved;
      if (available < sum.pieces) throw conflict('errors.notEnoughStock', { sku: sum.title, available, wanted: sum.pieces });
      await tx.query('UPDATE inventory SET reserved = reserved + $2 WHERE id = $1', [inventory.id, sum.pieces]);
    }
  });

  action('withdraw', async (tx, doc) => release(tx, doc));

  action('confirm', async (tx, doc, body, userId) => {
    const actualDate = body.actualDate;
    if (!isIsoDate(actualDate))
      throw validationError([{ field: 'actualDate', key: 'validation.actualDate' }]);
    let oldest = 0;
    const lines = await linesOf(tx, doc.id);
    for (const line of lines) {
      const inventory = await lockInventory(tx, key(doc, line.sku_id), line.product_id);
      const lots = await tx.query<{ id: number; pieces: number; pallets: number; inbound_date: string }>(
        `SELECT id, pieces, pallets, to_char(inbound_date, 'YYYY-MM-DD') AS inbound_date FROM lots
          WHERE inventory_id = $1 AND pieces > 0 ORDER BY inbound_date, id FOR UPDATE`,
        [inventory.id],
      );
      let pieces = line.pieces;
      let pallets = line.pallets;
      for (const lot of lots) {
        if (pieces === 0) break;
        const take = Math.min(pieces, lot.pieces);
        const takePallets = take === lot.pieces ? lot.pallets : Math.min(pallets, lot.pallets);
        const days = Math.max(0, daysBetween(lot.inbound_date, actualDate));
        oldest = Math.max(oldest, days);
        await changeLot(tx, { lotId: lot.id, inventoryId: inventory.id, changeType: ChangeType.orderOutbound, pieces: -take, pallets: -takePallets, daysInWarehouse: days, documentNo: doc.orderNo as string, outboundId: doc.id as number });
        await tx.query(
          `INSERT INTO outbound_takes(outbound_id, outbound_line_id, lot_id, sku_id, inbound_date, pieces, pallets, days_in_warehouse)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [doc.id, line.id, lot.id, line.sku_id, lot.inbound_date, take, takePallets, days],
        );
        pieces -= take;
        pallets = Math.max(0, pallets - takePallets);
      }
      // The reservation made at submit guarantees the pieces; a shortfall means the invariant broke.
      if (pieces > 0) throw conflict('errors.stockMissing');
      await tx.query('UPDATE inventory SET reserved = reserved - $2 WHERE id = $1', [inventory.id, line.pieces]);
    }
    await refreshWarehouseStatus(tx, lines.map((l) => ({ skuId: l.sku_id, event: ChangeType.orderOutbound, pieces: -l.pieces, documentNo: doc.orderNo as string })));
    // The outbound of a mall order ships that order, 6/9 -> 12, in this transaction (C1).
    await shipOrderOfOutbound(tx, doc.id as number, userId);
    // Finance: pallet loading priced by the fee model valid that day, in this transaction (none: no expense).
    await chargeOutboundConfirm(tx, doc, actualDate as string);
    return { actual_date: actualDate, days_in_warehouse: oldest };
  });

  action('cancel', async (tx, doc) => {
    if (doc.status === DocStatus.awaiting) return release(tx, doc);
    if (doc.status !== DocStatus.done) return;
    const takes = await tx.query<{ lot_id: number; sku_id: number; pieces: number; pallets: number; inventory_id: number }>(
      `SELECT t.lot_id, t.sku_id, t.pieces, t.pallets, l.inventory_id FROM outbound_takes t JOIN lots l ON l.id = t.lot_id
        WHERE t.outbound_id = $1 ORDER BY l.inventory_id, t.lot_id`,
      [doc.id],
    );
    for (const take of takes) {
      await tx.query('SELECT id FROM inventory WHERE id = $1 FOR UPDATE', [take.inventory_id]);
      await tx.query('SELECT id FROM lots WHERE id = $1 FOR UPDATE', [take.lot_id]);
      await changeLot(tx, { lotId: take.lot_id, inventoryId: take.inventory_id, changeType: ChangeType.outboundCancelled, pieces: take.pieces, pallets: take.pallets, documentNo: doc.orderNo as string, outboundId: doc.id as number });
    }
    await tx.query('DELETE FROM outbound_takes WHERE outbound_id = $1', [doc.id]);
    await refreshWarehouseStatus(tx, takes.map((t) => ({ skuId: t.sku_id, event: ChangeType.outboundCancelled, pieces: t.pieces, documentNo: doc.orderNo as string })));
  });
}
