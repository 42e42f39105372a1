import { ChangeType, DocStatus } from '../../../domain/stock-flow';
import { warehouseToday } from '../../db/local-day';
import type { Queryable } from '../../db/types';
import type { Rec } from '../../engine/records';
import type { Effect } from '../../engine/transition';
import { conflict, validationError } from '../../errors';
import { chargeOutboundConfirm } from '../finance/event-expenses';
import { fifoTakes, lotsInStock, sameTakes, type ExpectedTake } from '../fifo';
import { scannedLots } from '../scans/scan-records';
import {
  changeLots,
  lockInventories,
  moveStock,
  refreshWarehouseStatus,
  releaseStock,
  reserveStock,
  type LotChange,
  type SkuPieces,
  type StockMove,
} from '../stock';

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

const place = (doc: Rec) => ({ organizationId: doc.organizationId as number, warehouseId: doc.warehouseId as number });

const release = async (tx: Queryable, doc: Rec) => releaseStock(tx, place(doc), perSku(await linesOf(tx, doc.id)));

/** Submit reserves (available = on hand - reserved): too little of a SKU answers 40901. */
export const reserveOutbound: Effect = async (tx, { record: doc }) => {
  const lines = await linesOf(tx, doc.id);
  if (!lines.length) throw validationError([{ field: 'products', key: 'validation.products' }]);
  await reserveStock(tx, place(doc), perSku(lines));
};

/** Withdraw gives the reservation back. */
export const releaseOutbound: Effect = async (tx, { record: doc }) => release(tx, doc);

/**
 * Confirm (DESIGN 6): the stock leaves from lots first in first out, logging the days each lot spent
 * in the warehouse; the outbound of a mall order ships that order (C1); pallet loading is charged.
 */
export const confirmOutbound: Effect = async (tx, { record: doc, input, event, userId }) => {
  const actualDate = (input.actualDate as string | undefined) ?? (await warehouseToday(tx, doc.warehouseId as number));
  const lines = await linesOf(tx, doc.id);
  const inventory = await lockInventories(
    tx,
    place(doc),
    lines.map((l) => ({ skuId: l.sku_id, productId: l.product_id })),
  );
  const lots = await lotsInStock(
    tx,
    [...inventory.values()].map((i) => i.id),
    true,
  );
  const { takes, short } = fifoTakes(lines, (skuId) => inventory.get(skuId)?.id, lots, actualDate);
  // The reservation made at submit guarantees the pieces; a shortfall means the invariant broke.
  if (short > 0) throw conflict('errors.stockMissing');
  // The scanner screen names the lots it scanned: another outbound may have taken from them since.
  if (input.takes !== undefined && !sameTakes(input.takes as ExpectedTake[], takes))
    throw conflict('scan.errors.planChanged');
  // Picked by scanning on the server (issue 41): the lots scanned are the lots that leave.
  const scanned = input.takes === undefined ? await scannedLots(tx, 'outbounds', doc.id as number) : [];
  if (scanned.length && !sameTakes(scanned, takes)) throw conflict('scan.errors.scansDiffer');
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
    ChangeType.orderOutbound,
    doc.orderNo as string,
    lines.map((l) => ({ skuId: l.sku_id, pieces: -l.pieces })),
  );
  if (doc.orderId) await event(tx, 'orders', doc.orderId as number, 'ship');
  await chargeOutboundConfirm(tx, doc, actualDate, userId);
  return { columns: { actual_date: actualDate, days_in_warehouse: oldest }, note: { actualDate } };
};

/**
 * Cancel: an awaiting outbound releases its reservation, a done one puts the same lots back. A
 * mall order's outbound is cancelled only with its order (the declared guard, and the order's event).
 */
export const cancelOutbound: Effect = async (tx, { record: doc }) => {
  if (doc.status === DocStatus.awaiting) return release(tx, doc);
  if (doc.status !== DocStatus.done) return;
  const takes = await tx.query<StockMove>(
    `SELECT t.lot_id AS "lotId", t.sku_id AS "skuId", t.pieces, t.pallets, l.inventory_id AS "inventoryId"
       FROM outbound_takes t JOIN lots l ON l.id = t.lot_id
      WHERE t.outbound_id = $1 ORDER BY t.id`,
    [doc.id],
  );
  // Inventory rows in SKU order, then the lots, as every stock action takes them.
  await tx.query('SELECT id FROM inventory WHERE id = ANY($1::int[]) ORDER BY sku_id FOR UPDATE', [
    takes.map((t) => t.inventoryId),
  ]);
  await tx.query('SELECT id FROM lots WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [takes.map((t) => t.lotId)]);
  await moveStock(
    tx,
    ChangeType.outboundCancelled,
    { documentNo: doc.orderNo as string, outboundId: doc.id as number },
    takes,
  );
  await tx.query('DELETE FROM outbound_takes WHERE outbound_id = $1', [doc.id]);
};
