import type { Queryable } from '../db/types';
import type { Viewer } from '../engine/scope';
import { arrayOf, int, obj } from '../contract/route-schemas';
import { orgCondition, Params } from './sql';
import { day } from '../contract/route-schemas';

export const DASHBOARD_DAYS = 30;

export const movementsSchema = arrayOf(
  obj({ day: day('A UTC day.'), inPieces: int(), outPieces: int(), inPallets: int(), outPallets: int() }, [
    'day',
    'inPieces',
    'outPieces',
    'inPallets',
    'outPallets',
  ]),
  `Each of the last ${DASHBOARD_DAYS} days, oldest first; a day without movements as 0.`,
);

/** In and out per day over the last 30 days (UTC days, as the totals are kept), empty days as 0. */
export async function dailyMovements(db: Queryable, viewer: Viewer) {
  const p = new Params();
  const days = p.bind(DASHBOARD_DAYS - 1);
  return db.query<{ day: string; inPieces: number; outPieces: number; inPallets: number; outPallets: number }>(
    `WITH span AS (SELECT ((now() AT TIME ZONE 'UTC')::date - ${days}::int) AS first, (now() AT TIME ZONE 'UTC')::date AS last),
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
