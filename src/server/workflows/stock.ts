import type { Queryable } from '../db/types';
import { conflict } from '../errors';

/** The document that caused a stock change. */
export interface DocumentRef {
  documentNo: string;
  inboundId?: number;
  outboundId?: number;
  returnId?: number;
  /** A return's line's reason, on the changes its receipt makes. */
  returnReason?: number;
}

export interface InventoryRow {
  id: number;
  skuId: number;
  pieces: number;
  pallets: number;
  reserved: number;
  /** On hand in lots on hold (quarantined returns): neither available nor taken. */
  held: number;
}

/**
 * The inventory rows of many SKUs of one organization and warehouse, created where missing and
 * locked in SKU order (the order every stock action locks them in, so two never wait on each other
 * in a circle). Two statements whatever the number of SKUs.
 */
export async function lockInventories(
  tx: Queryable,
  place: { organizationId: number; warehouseId: number },
  wanted: { skuId: number; productId: number }[],
): Promise<Map<number, InventoryRow>> {
  const skus = [...new Map(wanted.map((s) => [s.skuId, s])).values()];
  await tx.query(
    `INSERT INTO inventory(organization_id, warehouse_id, sku_id, product_id, pieces, pallets, reserved)
     SELECT $1, $2, x.sku_id, x.product_id, 0, 0, 0 FROM unnest($3::int[], $4::int[]) AS x(sku_id, product_id)
     ORDER BY x.sku_id ON CONFLICT (organization_id, warehouse_id, sku_id) DO NOTHING`,
    [place.organizationId, place.warehouseId, skus.map((s) => s.skuId), skus.map((s) => s.productId)],
  );
  const rows = await tx.query<InventoryRow>(
    `SELECT id, sku_id AS "skuId", pieces, pallets, reserved, held FROM inventory
      WHERE organization_id = $1 AND warehouse_id = $2 AND sku_id = ANY($3::int[]) ORDER BY sku_id FOR UPDATE`,
    [place.organizationId, place.warehouseId, skus.map((s) => s.skuId)],
  );
  return new Map(rows.map((row) => [row.skuId, row]));
}

/** Pieces of a SKU asked of its customer's stock in a warehouse. */
export interface StockAsk {
  organizationId: number;
  warehouseId: number;
  skuId: number;
  pieces: number;
}

/**
 * The asks that want more, together with the others of the same SKU, customer and warehouse, than
 * is available there (on hand less reserved and held; none without an inventory row), by their index, with
 * what is available: the check a form warns of and Submit refuses, one statement for any number.
 */
export async function shortOfStock(tx: Queryable, asks: StockAsk[]): Promise<Map<number, number>> {
  if (!asks.length) return new Map();
  const short = await tx.query<{ i: number; available: number }>(
    `SELECT w.i::int - 1 AS i, coalesce(v.pieces - v.reserved - v.held, 0)::int AS available
       FROM (SELECT a.*, sum(a.pieces) OVER (PARTITION BY a.organization_id, a.warehouse_id, a.sku_id) AS asked
               FROM unnest($1::int[], $2::int[], $3::int[], $4::int[])
                      WITH ORDINALITY AS a(organization_id, warehouse_id, sku_id, pieces, i)) w
       LEFT JOIN inventory v ON v.organization_id = w.organization_id AND v.warehouse_id = w.warehouse_id AND v.sku_id = w.sku_id
      WHERE w.asked > coalesce(v.pieces - v.reserved - v.held, 0)`,
    [
      asks.map((a) => a.organizationId),
      asks.map((a) => a.warehouseId),
      asks.map((a) => a.skuId),
      asks.map((a) => a.pieces),
    ],
  );
  return new Map(short.map((s) => [s.i, s.available]));
}

/** Pieces of one SKU a document wants (its lines summed), named for the not-enough-stock message. */
export interface SkuPieces {
  skuId: number;
  productId: number;
  pieces: number;
  title: string;
}

/**
 * Reserves what a document wants (available = on hand - reserved), or answers 40901 naming the
 * first SKU short and reserves nothing (the caller's transaction rolls back). Rows locked in SKU
 * order; three statements whatever the number of SKUs.
 */
export async function reserveStock(
  tx: Queryable,
  place: { organizationId: number; warehouseId: number },
  wanted: SkuPieces[],
) {
  const rows = await lockInventories(tx, place, wanted);
  for (const sum of wanted) {
    const row = rows.get(sum.skuId)!;
    if (row.pieces - row.reserved - row.held < sum.pieces)
      throw conflict('errors.notEnoughStock', {
        sku: sum.title,
        available: row.pieces - row.reserved - row.held,
        wanted: sum.pieces,
      });
  }
  await moveReserved(tx, rows, wanted, 1);
}

/** Gives a document's reservation back (withdraw, cancel). */
export async function releaseStock(
  tx: Queryable,
  place: { organizationId: number; warehouseId: number },
  held: SkuPieces[],
) {
  await moveReserved(tx, await lockInventories(tx, place, held), held, -1);
}

const moveReserved = (tx: Queryable, rows: Map<number, InventoryRow>, sums: SkuPieces[], sign: 1 | -1) =>
  sums.length
    ? tx.query(
        `UPDATE inventory i SET reserved = i.reserved + x.pieces FROM unnest($1::int[], $2::int[]) AS x(id, pieces) WHERE i.id = x.id`,
        [sums.map((s) => rows.get(s.skuId)!.id), sums.map((s) => sign * s.pieces)],
      )
    : undefined;

/** Ids for `count` new lots, taken before they are written so each line knows its lot. */
export const newLotIds = async (tx: Queryable, count: number) =>
  (
    await tx.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('lots', 'id'))::int AS id FROM generate_series(1, $1::int)`,
      [count],
    )
  ).map((r) => r.id);

export interface LotChange extends DocumentRef {
  lotId: number;
  inventoryId: number;
  changeType: number;
  pieces: number;
  pallets: number;
  daysInWarehouse?: number;
}

/**
 * The rows of a table holding pieces and pallets (lots, inventory) move by the changes summed per
 * row, `ids[i]` the row `changes[i]` moves; pallets never go below nothing.
 */
const addToBalances = (
  tx: Queryable,
  table: 'lots' | 'inventory',
  idColumn: string,
  ids: number[],
  changes: { pieces: number; pallets: number }[],
) =>
  tx.query(
    `UPDATE ${table} t SET pieces = t.pieces + x.pieces, pallets = GREATEST(t.pallets + x.pallets, 0), updated_at = now(), version = t.version + 1
       FROM (SELECT ${idColumn}, sum(pieces)::int AS pieces, sum(pallets)::int AS pallets
               FROM unnest($1::int[], $2::int[], $3::int[]) AS c(${idColumn}, pieces, pallets) GROUP BY ${idColumn}) x
      WHERE t.id = x.${idColumn}`,
    [ids, changes.map((c) => c.pieces), changes.map((c) => c.pallets)],
  );

/**
 * Many lot changes at once: the lots and their inventory rows
 * move by the sums, and each change gets its log with the lot's running balance after it. Three
 * statements whatever the number of changes; the caller holds the locks.
 */
export async function changeLots(tx: Queryable, changes: LotChange[]) {
  if (!changes.length) return;
  const column = <T>(pick: (c: LotChange) => T) => changes.map(pick);
  await addToBalances(
    tx,
    'lots',
    'lot_id',
    column((c) => c.lotId),
    changes,
  );
  await addToBalances(
    tx,
    'inventory',
    'inventory_id',
    column((c) => c.inventoryId),
    changes,
  );
  // The lot now holds its balance after the last change; each earlier one is that less the later changes.
  // A change happens at the app's clock, so the day it counts on (stock_daily) is the one its documents show.
  await tx.query(
    `INSERT INTO change_logs(change_type, document_no, inbound_id, outbound_id, return_id, return_reason, organization_id, warehouse_id, sku_id, lot_id,
       pieces, pallets, balance_after, days_in_warehouse, created_at)
     SELECT c.change_type, c.document_no, c.inbound_id, c.outbound_id, c.return_id, c.return_reason, l.organization_id, l.warehouse_id, l.sku_id, c.lot_id,
            c.pieces, c.pallets,
            l.pieces - coalesce(sum(c.pieces) OVER (PARTITION BY c.lot_id ORDER BY c.n ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0),
            c.days, $now
       FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[])
              WITH ORDINALITY AS c(lot_id, change_type, pieces, pallets, document_no, inbound_id, outbound_id, days, return_id, return_reason, n)
       JOIN lots l ON l.id = c.lot_id
      ORDER BY c.n`,
    [
      column((c) => c.lotId),
      column((c) => c.changeType),
      column((c) => c.pieces),
      column((c) => c.pallets),
      column((c) => c.documentNo),
      column((c) => c.inboundId ?? null),
      column((c) => c.outboundId ?? null),
      column((c) => c.daysInWarehouse ?? null),
      column((c) => c.returnId ?? null),
      column((c) => c.returnReason ?? null),
    ],
  );
}

/** A lot's move of stock for a document, with the SKU it holds. */
export type StockMove = Pick<LotChange, 'lotId' | 'inventoryId' | 'pieces' | 'pallets'> & { skuId: number };

/**
 * A document's moves of one kind: the lots and inventory change, with their change logs, and the
 * SKUs' warehouse status follows what is left. The caller holds the locks.
 */
export async function moveStock(tx: Queryable, changeType: number, document: DocumentRef, moves: StockMove[]) {
  await changeLots(
    tx,
    moves.map(({ lotId, inventoryId, pieces, pallets }) => ({
      lotId,
      inventoryId,
      pieces,
      pallets,
      changeType,
      ...document,
    })),
  );
  await refreshWarehouseStatus(
    tx,
    changeType,
    document.documentNo,
    moves.map(({ skuId, pieces }) => ({ skuId, pieces })),
  );
}

/**
 * Warehouse status of SKUs and their products after a stock change (0 not in warehouse, 6 in
 * warehouse; 3 shipped is kept until stock arrives), with a product log row per SKU moved by the
 * event (one document's). Three statements for any number of moves; SKUs and products are locked
 * in id order.
 */
export async function refreshWarehouseStatus(
  tx: Queryable,
  event: number,
  documentNo: string,
  moves: { skuId: number; pieces: number }[],
) {
  if (!moves.length) return;
  const skuIds = [...new Set(moves.map((e) => e.skuId))];
  const skus = await tx.query<{ id: number; status: number; product_id: number; organization_id: number }>(
    `UPDATE skus s SET warehouse_status = CASE
        WHEN (SELECT coalesce(sum(i.pieces), 0) FROM inventory i WHERE i.sku_id = s.id) > 0 THEN 6
        WHEN s.warehouse_status = 3 THEN 3 ELSE 0 END
      WHERE s.id IN (SELECT id FROM skus WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE)
      RETURNING s.id, s.warehouse_status AS status, s.product_id, s.organization_id`,
    [skuIds],
  );
  await tx.query(
    `UPDATE products p SET warehouse_status = coalesce((SELECT max(s.warehouse_status) FROM skus s WHERE s.product_id = p.id), 0)
      WHERE p.id IN (SELECT id FROM products WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE)`,
    [[...new Set(skus.map((s) => s.product_id))]],
  );
  const byId = new Map(skus.map((s) => [s.id, s]));
  const known = moves.filter((e) => byId.has(e.skuId));
  await tx.query(
    `INSERT INTO product_logs(organization_id, product_id, sku_id, event, warehouse_status, document_no, pieces)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::text[], $7::int[])`,
    [
      known.map((e) => byId.get(e.skuId)!.organization_id),
      known.map((e) => byId.get(e.skuId)!.product_id),
      known.map((e) => e.skuId),
      known.map(() => event),
      known.map((e) => byId.get(e.skuId)!.status),
      known.map(() => documentNo),
      known.map((e) => e.pieces),
    ],
  );
}
