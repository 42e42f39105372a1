import { expect } from 'vitest';
import type { Db } from '../../src/server/db/types';

/**
 * DESIGN 6: every lot's on hand is the sum of its change logs, and nothing is negative; what is held
 * (lots on hold, issue 42) and reserved together never exceed what is on hand.
 */
export const expectStockInvariants = async (db: Db) => {
  const broken =
    await db.query(`SELECT l.id FROM lots l LEFT JOIN (SELECT lot_id, sum(pieces) AS s FROM change_logs GROUP BY lot_id) c ON c.lot_id = l.id
    WHERE l.pieces <> coalesce(c.s, 0) OR l.pieces < 0`);
  expect(broken).toEqual([]);
  const inventory =
    await db.query(`SELECT i.id FROM inventory i WHERE i.pieces < 0 OR i.reserved < 0 OR i.held < 0 OR i.reserved + i.held > i.pieces
    OR i.pieces <> (SELECT coalesce(sum(l.pieces), 0) FROM lots l WHERE l.inventory_id = i.id)
    OR i.held <> (SELECT coalesce(sum(l.pieces), 0) FROM lots l WHERE l.inventory_id = i.id AND l.hold = 3)`);
  expect(inventory).toEqual([]);
  await expectDailyTotals(db);
};

/**
 * The per-day movement totals the reports read equal the change logs summed afresh, key by key, on
 * the days of the warehouse where each change happened (migration 0015), so the check holds at any
 * hour of UTC's day.
 */
export const expectDailyTotals = async (db: Db) => {
  const differing = await db.query(`
    WITH logs AS (
      SELECT c.organization_id, c.warehouse_id, c.sku_id, (c.created_at AT TIME ZONE coalesce(w.time_zone, 'UTC'))::date AS day,
             c.change_type, sum(c.pieces)::bigint AS pieces, sum(c.pallets)::bigint AS pallets, count(*)::int AS changes
        FROM change_logs c LEFT JOIN warehouses w ON w.id = c.warehouse_id GROUP BY 1, 2, 3, 4, 5)
    SELECT * FROM logs l FULL JOIN stock_daily d USING (organization_id, warehouse_id, sku_id, day, change_type)
     WHERE (l.pieces, l.pallets, l.changes) IS DISTINCT FROM (d.pieces, d.pallets, d.changes)
       AND NOT (l.changes IS NULL AND d.changes = 0)`);
  expect(differing).toEqual([]);
};
