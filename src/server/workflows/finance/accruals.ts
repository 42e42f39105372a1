import dayjs from 'dayjs';
import type { AccrualLine } from '../../../domain/finance/accrual-line';
import { SubFeeType } from '../../../domain/finance/codes';
import { warehouseDay } from '../../db/local-day';
import type { Queryable } from '../../db/types';
import { MODEL_WINDOWS, OPEN_EXPENSE_OF, STORAGE_LINE_AMOUNT, STORAGE_LINE_GROUP, storageRunsOf } from './bill-fill';
import { periodModels } from './bill-generate';

/** A month's days as the accruals price them: to date (through today) and to its end. */
export interface AccrualPeriod {
  organizationId: number;
  warehouseId: number;
  /** The month's first day not on a bill that is not cancelled: days a bill already charged are its. */
  from: string;
  /** Today at the warehouse, or the month's last day for a month gone by. */
  today: string;
  /** The month's last day. */
  to: string;
}

export interface Accruals {
  lines: AccrualLine[];
  toDate: Map<number, number>;
  forecast: Map<number, number>;
  /** The fee model the forecast's bill would be made out under (its currency and minimum charge). */
  feeModelId: number | null;
}

const toCents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The first day of `monthFrom`..`monthTo` no bill that is not cancelled covers: a bill made out
 * mid-month charged the days before, so the month's accruals start after it.
 */
export async function firstUnbilledDay(
  q: Queryable,
  organizationId: number,
  warehouseId: number,
  monthFrom: string,
  monthTo: string,
) {
  const [row] = await q.query<{ day: string }>(
    `SELECT to_char(greatest($3::date, coalesce(max(period_to) + 1, $3::date)), 'YYYY-MM-DD') AS day
       FROM bills WHERE organization_id = $1 AND warehouse_id = $2 AND status <> 1 AND period_from <= $4::date AND period_to >= $3::date`,
    [organizationId, warehouseId, monthFrom, monthTo],
  );
  return row.day;
}

/** A customer's month at a warehouse, as the accruals price it, and when it was read. */
export interface AccrualMonth extends AccrualPeriod {
  /** YYYY-MM. */
  month: string;
  /** The first of the month. */
  monthFrom: string;
  asOf: string;
}

/**
 * The month (`YYYY-MM`; the warehouse's current one when absent) of a customer at a warehouse:
 * from its first unbilled day to the warehouse's today, or to its last day for a month gone by.
 * Undefined when the organization or the warehouse does not exist.
 */
export async function accrualMonth(
  q: Queryable,
  organizationId: number,
  warehouseId: number,
  month?: string,
): Promise<AccrualMonth | undefined> {
  const [place] = await q.query<{ today: string; asOf: string }>(
    `SELECT to_char(${warehouseDay('w.id')}, 'YYYY-MM-DD') AS today, to_char($now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "asOf"
       FROM warehouses w JOIN organizations o ON o.id = $2 WHERE w.id = $1`,
    [warehouseId, organizationId],
  );
  if (!place) return undefined;
  const start = dayjs(month ? `${month}-01` : place.today).startOf('month');
  const monthFrom = start.format('YYYY-MM-DD');
  const to = start.endOf('month').format('YYYY-MM-DD');
  return {
    organizationId,
    warehouseId,
    month: start.format('YYYY-MM'),
    monthFrom,
    from: await firstUnbilledDay(q, organizationId, warehouseId, monthFrom, to),
    today: place.today < to ? place.today : to,
    to,
    asOf: place.asOf,
  };
}

/**
 * The bills a month's accruals are priced as, one per currency and horizon, keyed 2n (to date,
 * `from`..`today`) and 2n + 1 (forecast, `from`..`to`) for the n-th currency: `priced` is SQL over
 * `params` in the form storageRunsOf and the bill's expenses take. Every currency a model over the
 * month or an open expense charges in is priced on its own, as its own bill would be.
 */
export async function pricedPeriods(q: Queryable, period: AccrualPeriod) {
  const { organizationId, warehouseId, from, today, to } = period;
  const currencies = (
    await q.query<{ currency: number }>(
      `WITH p AS (SELECT 0 AS key, $1::int AS organization_id, $2::int AS warehouse_id, $3::date AS period_from, $4::date AS period_to),
       ${MODEL_WINDOWS}
       SELECT currency FROM model_window
       UNION
       SELECT currency FROM expenses e WHERE ${OPEN_EXPENSE_OF('e', '$1', '$2', '$4::date')}
       ORDER BY currency`,
      [organizationId, warehouseId, from, to],
    )
  ).map((r) => r.currency);
  const periods = currencies.flatMap((currency, n) => [
    ...(today >= from ? [{ key: 2 * n, currency, periodTo: today }] : []),
    ...(to >= from ? [{ key: 2 * n + 1, currency, periodTo: to }] : []),
  ]);
  const params: unknown[] = [
    periods.map((p) => p.key),
    organizationId,
    warehouseId,
    from,
    periods.map((p) => p.periodTo),
    periods.map((p) => p.currency),
  ];
  const priced = `SELECT x.id, $2::int AS organization_id, $3::int AS warehouse_id, $4::date AS period_from, x.period_to, x.currency
    FROM unnest($1::int[], $5::date[], $6::int[]) AS x(id, period_to, currency)`;
  return { currencies, periods, params, priced };
}

/**
 * What a bill for the period would charge, computed by the bill's own SQL (bill-fill.ts) without
 * writing one: month to date is the bill of `from`..`today`, the forecast the bill of `from`..`to`
 * with today's stock held to the end (the storage runs of a lot still in run to the period's end),
 * each with its minimum charge where the total falls short.
 */
export async function accrualsOf(q: Queryable, period: AccrualPeriod): Promise<Accruals> {
  const { organizationId, warehouseId, from } = period;
  const { currencies, periods, params, priced } = await pricedPeriods(q, period);
  const empty: Accruals = { lines: [], toDate: new Map(), forecast: new Map(), feeModelId: null };
  if (!periods.length) return empty;
  const rows = await q.query<{ key: number; fee_type: number; sub_type: number | null; amount: string }>(
    `WITH runs AS (${storageRunsOf(priced)}),
     storage AS (SELECT bill_id AS key, ${STORAGE_LINE_AMOUNT} AS amount FROM runs GROUP BY ${STORAGE_LINE_GROUP}),
     b AS (${priced})
     SELECT key, 1 AS fee_type, 101 AS sub_type, sum(amount)::text AS amount FROM storage GROUP BY key
     UNION ALL
     SELECT b.id, e.fee_type, e.sub_type, sum(e.amount)::text FROM b JOIN expenses e
         ON ${OPEN_EXPENSE_OF('e', 'b.organization_id', 'b.warehouse_id', 'b.period_to')} AND e.currency = b.currency
      GROUP BY b.id, e.fee_type, e.sub_type`,
    params,
  );
  // Charges and disputes' credits apart: the minimum tops up the charges, the credits come off after (bill-fill.ts).
  const sums = new Map<number, number>();
  const credits = new Map<number, number>();
  for (const row of rows) {
    const kept = row.sub_type === SubFeeType.disputeCredit ? credits : sums;
    kept.set(row.key, (kept.get(row.key) ?? 0) + Number(row.amount));
  }
  // The minimum charge is the model's of the period's last priced day, in that model's currency.
  const models = await Promise.all(
    periods.map(async (p) =>
      (await periodModels(q, [organizationId], warehouseId, from, p.periodTo)).get(organizationId),
    ),
  );
  const minimums = await q.query<{ id: number; minimum_charge: string | null }>(
    'SELECT id, minimum_charge::text FROM fee_models WHERE id = ANY($1::int[])',
    [models.flatMap((m) => (m ? [m.modelId] : []))],
  );
  periods.forEach((p, i) => {
    const model = models[i];
    const minimum = Number(minimums.find((m) => m.id === model?.modelId)?.minimum_charge ?? 0);
    const total = toCents(sums.get(p.key) ?? 0);
    if (model?.currency === p.currency && total < minimum) {
      rows.push({ key: p.key, fee_type: 9, sub_type: null, amount: String(toCents(minimum - total)) });
      sums.set(p.key, minimum);
    }
    sums.set(p.key, (sums.get(p.key) ?? 0) + (credits.get(p.key) ?? 0));
  });

  const lines = new Map<string, AccrualLine>();
  for (const row of rows) {
    const currency = currencies[Math.floor(row.key / 2)];
    const id = `${currency}/${row.fee_type}/${row.sub_type}`;
    const line = lines.get(id) ?? { feeType: row.fee_type, subType: row.sub_type, currency, toDate: 0, forecast: 0 };
    line[row.key % 2 ? 'forecast' : 'toDate'] = toCents(line[row.key % 2 ? 'forecast' : 'toDate'] + Number(row.amount));
    lines.set(id, line);
  }
  const totals = (horizon: 0 | 1) =>
    new Map(currencies.map((currency, n) => [currency, toCents(sums.get(2 * n + horizon) ?? 0)]));
  return {
    lines: [...lines.values()].sort((a, b) => a.currency - b.currency || a.feeType - b.feeType),
    toDate: totals(0),
    forecast: totals(1),
    feeModelId: models.at(-1)?.modelId ?? null,
  };
}
