import { SubFeeType } from '../../../domain/finance/codes';
import type { Queryable } from '../../db/types';

/**
 * The fee model that prices each day of each period, the customer's own before the default (the
 * fee model checks keep at most one of each valid on any day), as windows of consecutive days under
 * one model. Expects a CTE `p(key, organization_id, warehouse_id, period_from, period_to)`. A
 * period over which the prices change is priced day by day as the warehouse charged them then, as
 * expenses are: a new contract from the 16th does not reprice the first half of the month.
 */
export const MODEL_WINDOWS = `
day_model AS (
  SELECT DISTINCT ON (p.key, g.ts) p.key, g.ts::date AS day, f.id AS model_id, f.currency
    FROM p CROSS JOIN LATERAL generate_series(p.period_from::timestamp, p.period_to::timestamp, interval '1 day') g(ts)
    JOIN fee_models f ON f.warehouse_id = p.warehouse_id AND (f.organization_id = p.organization_id OR f.organization_id IS NULL)
     AND f.valid_from <= g.ts::date AND (f.valid_to IS NULL OR f.valid_to >= g.ts::date)
   ORDER BY p.key, g.ts, f.organization_id IS NULL, f.id
), model_window AS (
  SELECT key, model_id, currency, min(day) AS day_from, max(day) AS day_to
    FROM (SELECT *, day - (row_number() OVER (PARTITION BY key, model_id ORDER BY day))::int AS island FROM day_model) d
   GROUP BY key, model_id, currency, island
)`;

/**
 * Pallet-days of every lot of each bill's customer and warehouse, cut into runs of constant pallets
 * (a take on a day still counts that day), into the windows of the fee model valid each day and
 * into that model's age bands (the inbound date is day 1), in one set-based statement: no loop per
 * lot or day, so a month of a million lots is one pass. When more than one model prices the period,
 * each run carries its model's name for the line it goes to. The runs land in a temporary table
 * with real statistics: joined back to their lines inside one statement, the planner saw one row
 * where there were a million and compared every run with every line (4 minutes instead of
 * seconds). The pure twin of this is src/domain/finance/pricing.ts.
 *
 * `periods` selects what is priced: `(id, organization_id, warehouse_id, period_from, period_to,
 * currency)`, a bill's own or a month to date not yet on a bill (accruals.ts), so both are the one
 * computation; the runs come out keyed by that id as `bill_id`.
 */
const STORAGE_RUNS_TABLE = `
CREATE TEMP TABLE IF NOT EXISTS storage_runs (
  bill_id integer, lot_id integer, sku_id integer, inbound_date date, segment_no integer, age_from integer, age_to integer,
  price numeric, model_name text, pallets integer, day_from date, day_to date, days integer
) ON COMMIT DROP`;

export const storageRunsOf = (periods: string) => `
WITH b AS (${periods}), p AS (
  SELECT id AS key, organization_id, warehouse_id, period_from, period_to FROM b
), ${MODEL_WINDOWS}, named AS (
  SELECT key FROM model_window GROUP BY key HAVING count(DISTINCT model_id) > 1
), seg AS (
  SELECT b.id AS bill_id, w.day_from AS win_from, w.day_to AS win_to, s.n::int AS segment_no,
         (s.value->>'from')::int AS age_from, (s.value->>'to')::int AS age_to,
         -- The price as a bill line keeps it (4 places), so a line and its explanation agree.
         round((s.value->>'unitPrice')::numeric, 4) AS price,
         CASE WHEN named.key IS NOT NULL THEN m.name END AS model_name
    FROM b JOIN model_window w ON w.key = b.id AND w.currency = b.currency
    JOIN fee_models m ON m.id = w.model_id
    LEFT JOIN named ON named.key = b.id
    CROSS JOIN LATERAL jsonb_array_elements(m.lines) ln
    CROSS JOIN LATERAL jsonb_array_elements(ln->'segments') WITH ORDINALITY s(value, n)
   WHERE (ln->>'subType')::int = 101
), lot AS (
  SELECT b.id AS bill_id, b.period_from, b.period_to, l.id AS lot_id, l.sku_id, l.inbound_date, l.pallets_in
    FROM b JOIN lots l ON l.organization_id = b.organization_id AND l.warehouse_id = b.warehouse_id AND l.inbound_date <= b.period_to
    JOIN inbounds i ON i.id = l.inbound_id AND i.status = 6
   WHERE EXISTS (SELECT 1 FROM seg WHERE seg.bill_id = b.id)
), take AS (
  SELECT lot.bill_id, lot.lot_id, o.actual_date AS day, sum(t.pallets)::int AS pallets
    FROM lot JOIN outbound_takes t ON t.lot_id = lot.lot_id JOIN outbounds o ON o.id = t.outbound_id AND o.status = 6
   GROUP BY lot.bill_id, lot.lot_id, o.actual_date
  -- A take of loose pieces leaves the pallets as they were: no new run to explain.
  HAVING sum(t.pallets) > 0
), step AS (
  SELECT bill_id, lot_id, day, pallets, sum(pallets) OVER w AS taken_through, lag(day) OVER w AS prev_day
    FROM take WINDOW w AS (PARTITION BY bill_id, lot_id ORDER BY day)
), span AS (
  SELECT s.bill_id, s.lot_id, coalesce(s.prev_day + 1, lot.inbound_date) AS d0, s.day AS d1, lot.pallets_in - (s.taken_through - s.pallets) AS pallets
    FROM step s JOIN lot ON lot.bill_id = s.bill_id AND lot.lot_id = s.lot_id
  UNION ALL
  SELECT lot.bill_id, lot.lot_id, coalesce(m.last_day + 1, lot.inbound_date), lot.period_to, lot.pallets_in - coalesce(m.taken, 0)
    FROM lot LEFT JOIN (SELECT bill_id, lot_id, max(day) AS last_day, sum(pallets) AS taken FROM take GROUP BY bill_id, lot_id) m
      ON m.bill_id = lot.bill_id AND m.lot_id = lot.lot_id
), cut AS (
  SELECT sp.bill_id, sp.lot_id, lot.sku_id, lot.inbound_date, seg.segment_no, seg.age_from, seg.age_to, seg.price, seg.model_name, sp.pallets,
         greatest(sp.d0, seg.win_from, lot.inbound_date + (seg.age_from - 1)) AS day_from,
         least(sp.d1, seg.win_to, lot.inbound_date + (seg.age_to - 1)) AS day_to
    FROM span sp JOIN lot ON lot.bill_id = sp.bill_id AND lot.lot_id = sp.lot_id JOIN seg ON seg.bill_id = sp.bill_id
   WHERE sp.pallets > 0
)
SELECT bill_id, lot_id, sku_id, inbound_date, segment_no, age_from, age_to, price, model_name, pallets, day_from, day_to, day_to - day_from + 1 AS days
  FROM cut WHERE day_to >= day_from`;

const STORAGE_RUNS = `INSERT INTO storage_runs ${storageRunsOf(
  'SELECT id, organization_id, warehouse_id, period_from, period_to, currency FROM bills WHERE id = ANY($1::int[])',
)}`;

/** Storage runs make one line per bill, model (when named), band and price, rounded to the cent as a line. */
export const STORAGE_LINE_GROUP = 'bill_id, model_name, age_from, age_to, price';
export const STORAGE_LINE_AMOUNT = 'round(sum(pallets * days * price), 2)';

const STORAGE_LINES = `
INSERT INTO bill_lines (bill_id, fee_type, sub_type, unit, description, quantity, unit_price, amount, segment_from, segment_to, edited)
SELECT bill_id, 1, 101, 1, model_name, sum(pallets * days), price, ${STORAGE_LINE_AMOUNT}, age_from, age_to, false
  FROM storage_runs GROUP BY ${STORAGE_LINE_GROUP}`;

/** The runs that explain each storage line, kept with the bill. */
const STORAGE_DAYS = `
INSERT INTO bill_storage_days (bill_id, bill_line_id, lot_id, sku_id, inbound_date, segment_no, age_from, age_to, pallets, day_from, day_to, days, unit_price, amount)
SELECT k.bill_id, l.id, k.lot_id, k.sku_id, k.inbound_date, k.segment_no, k.age_from, k.age_to, k.pallets, k.day_from, k.day_to, k.days, k.price, k.pallets * k.days * k.price
  FROM storage_runs k JOIN bill_lines l ON l.bill_id = k.bill_id AND l.sub_type = 101 AND l.expense_id IS NULL AND l.segment_from = k.age_from
   AND l.segment_to IS NOT DISTINCT FROM k.age_to AND l.unit_price = k.price AND l.description IS NOT DISTINCT FROM k.model_name
 WHERE l.bill_id = ANY($1::int[])`;

/**
 * The customer's open expenses up to the period's end, not on another bill: an event recorded
 * after a bill was issued, even dated inside its period, goes to the next. A bill takes those in
 * its currency.
 */
export const OPEN_EXPENSE_OF = (e: string, organization: string, warehouse: string, periodTo: string) =>
  `${e}.organization_id = ${organization} AND ${e}.warehouse_id = ${warehouse} AND ${e}.bill_id IS NULL AND ${e}.status = 0 AND ${e}.expense_date <= ${periodTo}`;

const CLAIM_EXPENSES = `
UPDATE expenses e SET bill_id = b.id FROM bills b
 WHERE b.id = ANY($1::int[]) AND ${OPEN_EXPENSE_OF('e', 'b.organization_id', 'b.warehouse_id', 'b.period_to')} AND e.currency = b.currency`;

const EXPENSE_LINES = `
INSERT INTO bill_lines (bill_id, fee_type, sub_type, unit, description, quantity, unit_price, amount, expense_id, edited)
SELECT bill_id, fee_type, sub_type, unit, coalesce(document_no, reason), quantity, unit_price, amount, id, false
  FROM expenses WHERE bill_id = ANY($1::int[]) AND status = 0`;

/** Totals per fee type and the grand total, from the lines, exact in numeric. */
export const updateTotals = (tx: Queryable, billIds: number[]) =>
  tx.query(
    `UPDATE bills b SET storage_total = s.st, inbound_total = s.it, outbound_total = s.ot, transport_total = s.tt, other_total = s.xt, total = s.total
       FROM (SELECT b2.id,
                    coalesce(sum(l.amount) FILTER (WHERE l.fee_type = 1), 0) AS st,
                    coalesce(sum(l.amount) FILTER (WHERE l.fee_type = 2), 0) AS it,
                    coalesce(sum(l.amount) FILTER (WHERE l.fee_type = 3), 0) AS ot,
                    coalesce(sum(l.amount) FILTER (WHERE l.fee_type = 4), 0) AS tt,
                    coalesce(sum(l.amount) FILTER (WHERE l.fee_type NOT IN (1, 2, 3, 4)), 0) AS xt,
                    coalesce(sum(l.amount), 0) AS total
               FROM bills b2 LEFT JOIN bill_lines l ON l.bill_id = b2.id WHERE b2.id = ANY($1::int[]) GROUP BY b2.id) s
      WHERE b.id = s.id`,
    [billIds],
  );

/**
 * The minimum charge as its own line where the charges fall short of it. It is the bill's model's
 * (the one that prices the period's last priced day): a minimum is per bill, not per day, so the
 * contract in force at the period's end sets it. A disputed line's credit is taken off after the
 * minimum, not filled up by it: otherwise a customer at the minimum would never see a credit.
 */
const MINIMUM_LINES = `
INSERT INTO bill_lines (bill_id, fee_type, quantity, unit_price, amount, edited)
SELECT b.id, 9, 1, m.minimum_charge - c.charged, m.minimum_charge - c.charged, false
  FROM bills b JOIN fee_models m ON m.id = b.fee_model_id
 CROSS JOIN LATERAL (SELECT b.total - coalesce(sum(l.amount), 0) AS charged
                       FROM bill_lines l WHERE l.bill_id = b.id AND l.sub_type = ${SubFeeType.disputeCredit}) c
 WHERE b.id = ANY($1::int[]) AND m.minimum_charge IS NOT NULL AND c.charged < m.minimum_charge`;

/** Prices draft bills that have no lines yet: storage, expenses, the minimum, then the totals. */
export async function fillBills(tx: Queryable, billIds: number[]) {
  if (!billIds.length) return;
  await tx.query(STORAGE_RUNS_TABLE);
  await tx.query('TRUNCATE storage_runs');
  await tx.query(STORAGE_RUNS, [billIds]);
  await tx.query('ANALYZE storage_runs');
  await tx.query(STORAGE_LINES);
  for (const statement of [STORAGE_DAYS, CLAIM_EXPENSES, EXPENSE_LINES]) await tx.query(statement, [billIds]);
  await updateTotals(tx, billIds);
  await tx.query(MINIMUM_LINES, [billIds]);
  await updateTotals(tx, billIds);
}

/** Takes a draft's lines away so it can be priced again; its expenses are free for any bill meanwhile. */
export async function clearBill(tx: Queryable, billId: number) {
  await tx.query('DELETE FROM bill_storage_days WHERE bill_id = $1', [billId]);
  await tx.query('DELETE FROM bill_lines WHERE bill_id = $1', [billId]);
  await tx.query('UPDATE expenses SET bill_id = NULL WHERE bill_id = $1 AND status = 0', [billId]);
}
