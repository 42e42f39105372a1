import type { Queryable } from '../db/types';
import type { Viewer } from '../engine/scope';
import { arrayOf, int, obj } from '../contract/route-schemas';
import { orgCondition, Params } from './sql';
import { day } from '../contract/route-schemas';

export const DASHBOARD_DAYS = 30;

export const movementsSchema = arrayOf(
  obj(
    {
      day: day("A day: each warehouse's movements on its own days."),
      inPieces: int(),
      outPieces: int(),
      inPallets: int(),
      outPallets: int(),
    },
    ['day', 'inPieces', 'outPieces', 'inPallets', 'outPallets'],
  ),
  `Each of the last ${DASHBOARD_DAYS} days, oldest first; a day without movements as 0.`,
);

/**
 * In and out per day over the last 30 days, empty days as 0. Each movement counts on the day it
 * was where it happened (stock_daily keeps warehouses' days); the 30 days end on the viewer's today.
 */
export async function dailyMovements(db: Queryable, viewer: Viewer, zone: string) {
  const p = new Params();
  const days = p.bind(DASHBOARD_DAYS - 1);
  const today = `($now AT TIME ZONE ${p.bind(zone)}::text)::date`;
  return db.query<{ day: string; inPieces: number; outPieces: number; inPallets: number; outPallets: number }>(
    `WITH span AS (SELECT (${today} - ${days}::int) AS first, ${today} AS last),
     totals AS (
       SELECT d.day, sum(d.pieces) FILTER (WHERE d.pieces > 0) AS in_pieces, -sum(d.pieces) FILTER (WHERE d.pieces < 0) AS out_pieces,
              sum(d.pallets) FILTER (WHERE d.pieces > 0) AS in_pallets, -sum(d.pallets) FILTER (WHERE d.pieces < 0) AS out_pallets
         FROM stock_daily d, span WHERE d.day BETWEEN span.first AND span.last AND ${orgCondition(viewer, 'd.organization_id', p)}
        GROUP BY d.day)
     SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(t.in_pieces, 0)::int AS "inPieces", coalesce(t.out_pieces, 0)::int AS "outPieces",
            coalesce(t.in_pallets, 0)::int AS "inPallets", coalesce(t.out_pallets, 0)::int AS "outPallets"
       FROM span, generate_series(span.first, span.last, interval '1 day') AS g(day)
       LEFT JOIN totals t ON t.day = g.day::date ORDER BY g.day`,
    p.values,
  );
}
