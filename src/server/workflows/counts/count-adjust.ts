import { LotHold } from '../../../domain/return-flow';
import { ChangeType } from '../../../domain/stock-flow';
import type { Queryable } from '../../db/types';
import { conflict } from '../../errors';
import { refreshWarehouseStatus } from '../stock';

/** The lines an approval posts: counted, with a variance other than zero. */
const POSTED = 'c.count_id = $1 AND c.variance <> 0';

/**
 * Takes the stock rows the count's variances move, in the order every stock action takes them
 * (inventory rows by SKU, then lots by id), so two approvals, or an approval and an outbound,
 * never wait on each other in a circle. Set-based: the locked rows are counted, not fetched.
 */
async function lockStock(tx: Queryable, countId: number) {
  await tx.query(
    `SELECT count(*) FROM (
       SELECT i.id FROM inventory i
        WHERE i.id IN (SELECT l.inventory_id FROM count_lines c JOIN lots l ON l.id = c.lot_id WHERE ${POSTED})
        ORDER BY i.sku_id, i.id FOR UPDATE) locked`,
    [countId],
  );
  await tx.query(
    `SELECT count(*) FROM (
       SELECT l.id FROM lots l WHERE l.id IN (SELECT c.lot_id FROM count_lines c WHERE ${POSTED})
        ORDER BY l.id FOR UPDATE) locked`,
    [countId],
  );
}

/**
 * What the count's variances do to each inventory row: on hand moves by all of them, the pieces
 * held in quarantine by those of held lots (a held lot counted short holds fewer), so what is
 * available (on hand less reserved and held) moves by the free lots' alone.
 */
const INVENTORY_MOVES = `SELECT l.inventory_id, sum(c.variance)::int AS variance,
          coalesce(sum(c.variance) FILTER (WHERE l.hold = ${LotHold.held}), 0)::int AS held
     FROM count_lines c JOIN lots l ON l.id = c.lot_id WHERE ${POSTED} GROUP BY l.inventory_id`;

/**
 * Stock is never negative (DESIGN 6): a lot may not fall below zero (stock left it after it was
 * counted: recount it), nor a SKU's available pieces below zero (outbounds have reserved what the
 * count found missing). The first such line refuses the whole approval, named.
 */
async function refuseNegative(tx: Queryable, countId: number) {
  const [lot] = await tx.query<{ lot: number; sku: string; pieces: number; missing: number }>(
    `SELECT l.id AS lot, k.title AS sku, l.pieces, -c.variance AS missing
       FROM count_lines c JOIN lots l ON l.id = c.lot_id JOIN skus k ON k.id = c.sku_id
      WHERE ${POSTED} AND l.pieces + c.variance < 0
      ORDER BY l.id LIMIT 1`,
    [countId],
  );
  if (lot) throw conflict('counts.errors.lotBelowZero', lot);
  const [sku] = await tx.query<{ sku: string; available: number; missing: number }>(
    `SELECT k.title AS sku, i.pieces - i.reserved - i.held AS available, x.held - x.variance AS missing
       FROM (${INVENTORY_MOVES}) x
       JOIN inventory i ON i.id = x.inventory_id JOIN skus k ON k.id = i.sku_id
      WHERE i.pieces - i.reserved - i.held + x.variance - x.held < 0
      ORDER BY i.sku_id LIMIT 1`,
    [countId],
  );
  if (sku) throw conflict('counts.errors.belowReserved', sku);
}

/**
 * Approval (issue 42): each variance becomes an adjustment of its lot, logged as change type 8
 * with the count as its document (its number, and `count_id` for the link a customer's change log
 * shows), its balance after and, where the lot is left empty, its pallets gone with it; the
 * inventory rows (on hand, hence available, and held for lots in quarantine) move by their lots'
 * sums. The same few statements for one line or 100,000, under the locks taken first; the count
 * itself is locked by the transition, so a second approval waits and then finds it done (40901).
 * Answers what it posted.
 */
export async function postVariances(tx: Queryable, count: { id: number; countNo: string }) {
  await lockStock(tx, count.id);
  await refuseNegative(tx, count.id);
  const [posted] = await tx.query<{ lines: number; pieces: number }>(
    `WITH logged AS (
       INSERT INTO change_logs (change_type, document_no, count_id, organization_id, warehouse_id, sku_id, lot_id,
                                pieces, pallets, balance_after, created_at)
       SELECT ${ChangeType.countAdjustment}, $2, c.count_id, l.organization_id, l.warehouse_id, l.sku_id, l.id,
              c.variance, CASE WHEN l.pieces + c.variance = 0 THEN -l.pallets ELSE 0 END, l.pieces + c.variance, $now
         FROM count_lines c JOIN lots l ON l.id = c.lot_id
        WHERE ${POSTED}
        ORDER BY l.id
       RETURNING pieces)
     SELECT count(*)::int AS lines, coalesce(sum(pieces), 0)::int AS pieces FROM logged`,
    [count.id, count.countNo],
  );
  if (!posted.lines) return posted;
  await tx.query(
    `UPDATE lots l SET pieces = l.pieces + c.variance,
            pallets = CASE WHEN l.pieces + c.variance = 0 THEN 0 ELSE l.pallets END,
            updated_at = now(), version = l.version + 1
       FROM count_lines c WHERE ${POSTED} AND l.id = c.lot_id`,
    [count.id],
  );
  const moved = await tx.query<{ skuId: number; pieces: number }>(
    `WITH sums AS (
       SELECT l.inventory_id, g.sku_id, sum(g.pieces)::int AS pieces, sum(g.pallets)::int AS pallets,
              coalesce(sum(g.pieces) FILTER (WHERE l.hold = ${LotHold.held}), 0)::int AS held
         FROM change_logs g JOIN lots l ON l.id = g.lot_id WHERE g.count_id = $1 GROUP BY l.inventory_id, g.sku_id),
     moved AS (
       UPDATE inventory i SET pieces = i.pieces + s.pieces, pallets = GREATEST(i.pallets + s.pallets, 0),
              held = i.held + s.held, updated_at = now(), version = i.version + 1
         FROM sums s WHERE i.id = s.inventory_id
       RETURNING i.id)
     SELECT sku_id AS "skuId", pieces FROM sums ORDER BY sku_id`,
    [count.id],
  );
  await refreshWarehouseStatus(tx, ChangeType.countAdjustment, count.countNo, moved);
  return posted;
}
