import { ChangeType, DocStatus, inboundChangeType } from '../../../domain/stock-flow';
import { warehouseToday } from '../../db/local-day';
import type { Queryable } from '../../db/types';
import type { Effect, EffectContext } from '../../engine/transition';
import { conflict } from '../../errors';
import { chargeInboundConfirm } from '../finance/event-expenses';
import { lockInventories, moveStock, newLotIds, type StockMove } from '../stock';
import { inboundLinesFollowScans } from '../scans/scan-records';

const withoutLines = async (tx: Queryable, id: unknown) =>
  !(await tx.query('SELECT 1 FROM inbound_lines WHERE inbound_id = $1 LIMIT 1', [id])).length;

/** An inbound's lines are what it asks the warehouse to receive: without them it is refused (40001). */
const linesRequired = async (tx: Queryable, { record }: EffectContext) =>
  (await withoutLines(tx, record.id)) ? [{ field: 'products', key: 'validation.products' }] : [];

/**
 * Submit hands the inbound to the warehouse and nothing more; an empty one would wait on the scan
 * screen as 0 / 0 for ever, so it is refused like a confirm without lines.
 */
export const submitInbound: Effect = Object.assign(async () => undefined, { check: linesRequired });

/**
 * Confirm (DESIGN 5): each line becomes a lot and is logged; unloading is charged by the fee model
 * valid that day. The day is the one given, or today at the warehouse. An inbound received by
 * scanning takes its scanned pieces first (issue 41).
 */
export const confirmInbound: Effect = Object.assign(
  async (tx: Queryable, { record: doc, input, userId }: EffectContext) => {
    const inboundDate =
      (input.inboundDate as string | undefined) ?? (await warehouseToday(tx, doc.warehouseId as number));
    await inboundLinesFollowScans(tx, doc.id as number);
    const lines = await tx.query<{ id: number; sku_id: number; product_id: number; pieces: number; pallets: number }>(
      'SELECT id, sku_id, product_id, pieces, pallets FROM inbound_lines WHERE inbound_id = $1 ORDER BY id',
      [doc.id],
    );
    const changeType = inboundChangeType(doc.inboundType as number);
    const place = { organizationId: doc.organizationId as number, warehouseId: doc.warehouseId as number };
    const inventory = await lockInventories(
      tx,
      place,
      lines.map((l) => ({ skuId: l.sku_id, productId: l.product_id })),
    );
    // One lot per line, all in a handful of statements: ids first, so each line knows its lot.
    const lotIds = await newLotIds(tx, lines.length);
    await tx.query(
      `INSERT INTO lots(id, inventory_id, organization_id, warehouse_id, sku_id, inbound_id, inbound_date, pieces_in, pallets_in, pieces, pallets)
     SELECT x.id, x.inventory_id, $1, $2, x.sku_id, $3, $4, x.pieces, x.pallets, 0, 0
       FROM unnest($5::int[], $6::int[], $7::int[], $8::int[], $9::int[]) AS x(id, inventory_id, sku_id, pieces, pallets)`,
      [
        place.organizationId,
        place.warehouseId,
        doc.id,
        inboundDate,
        lotIds,
        lines.map((l) => inventory.get(l.sku_id)!.id),
        lines.map((l) => l.sku_id),
        lines.map((l) => l.pieces),
        lines.map((l) => l.pallets),
      ],
    );
    await tx.query(
      'UPDATE inbound_lines l SET lot_id = x.lot_id FROM unnest($1::int[], $2::int[]) AS x(id, lot_id) WHERE l.id = x.id',
      [lines.map((l) => l.id), lotIds],
    );
    await moveStock(
      tx,
      changeType,
      { documentNo: doc.orderNo as string, inboundId: doc.id as number },
      lines.map((line, i) => ({
        lotId: lotIds[i],
        inventoryId: inventory.get(line.sku_id)!.id,
        skuId: line.sku_id,
        pieces: line.pieces,
        pallets: line.pallets,
      })),
    );
    await chargeInboundConfirm(tx, doc, inboundDate, userId);
    return { columns: { inbound_date: inboundDate }, note: { inboundDate } };
  },
  // Refused with the date's problem, if any, in one answer.
  { check: linesRequired },
);

/** Cancelling a done inbound takes its lots back out, while none is touched (C12); other states only move. */
export const cancelInbound: Effect = async (tx, { record: doc }) => {
  if (doc.status !== DocStatus.done) return;
  // Inventory rows first, then lots, in the order every stock action takes them.
  const inventory = await tx.query<{ id: number; pieces: number; reserved: number; held: number }>(
    'SELECT id, pieces, reserved, held FROM inventory WHERE id IN (SELECT inventory_id FROM lots WHERE inbound_id = $1) ORDER BY sku_id FOR UPDATE',
    [doc.id],
  );
  const lots = await tx.query<StockMove & { piecesIn: number }>(
    `SELECT id AS "lotId", inventory_id AS "inventoryId", sku_id AS "skuId", pieces, pieces_in AS "piecesIn", pallets
       FROM lots WHERE inbound_id = $1 ORDER BY id FOR UPDATE`,
    [doc.id],
  );
  const byId = new Map(inventory.map((i) => [i.id, i]));
  for (const lot of lots) {
    const held = byId.get(lot.inventoryId)!;
    // Untouched: nothing taken from the lot, and removing it leaves every reservation and hold covered.
    if (lot.pieces !== lot.piecesIn || held.pieces - lot.pieces < held.reserved + held.held)
      throw conflict('errors.lotsInUse');
    held.pieces -= lot.pieces;
  }
  await moveStock(
    tx,
    ChangeType.inboundCancelled,
    { documentNo: doc.orderNo as string, inboundId: doc.id as number },
    lots.map((lot) => ({ ...lot, pieces: -lot.pieces, pallets: -lot.pallets })),
  );
};
