import { expect } from 'vitest';
import type { Db } from '../../src/server/db/types';

/** DESIGN 6: every lot's on hand is the sum of its change logs, and nothing is negative. */
export const expectStockInvariants = async (db: Db) => {
  const broken = await db.query(`SELECT l.id FROM lots l LEFT JOIN (SELECT lot_id, sum(pieces) AS s FROM change_logs GROUP BY lot_id) c ON c.lot_id = l.id
    WHERE l.pieces <> coalesce(c.s, 0) OR l.pieces < 0`);
  expect(broken).toEqual([]);
  const inventory = await db.query(`SELECT i.id FROM inventory i WHERE i.pieces < 0 OR i.reserved < 0 OR i.reserved > i.pieces
    OR i.pieces <> (SELECT coalesce(sum(l.pieces), 0) FROM lots l WHERE l.inventory_id = i.id)`);
  expect(inventory).toEqual([]);
};
