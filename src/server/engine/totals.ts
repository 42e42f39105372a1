import type { Queryable } from '../db/types';
import { cachedRead, type Dep } from './read-cache';

/** Up to this many rows a list's total is exact; above it the planner's estimate is shown as "about". */
export const EXACT_TOTAL_LIMIT = 10_000;
const TOTALS = { name: 'totals', max: 2_000 };

export interface Total {
  total: number;
  estimated: boolean;
}

/**
 * How many rows `FROM <from> WHERE ...` holds: counted exactly up to EXACT_TOTAL_LIMIT (a count
 * that stops there, so it never walks a million rows), the planner's estimate above it. An exact
 * total is kept until a write to the rows it depends on, `deps` (read-cache.ts), an estimate for
 * ESTIMATE_KEPT_MS through writes. Without deps (computed filters) nothing is kept.
 */
export async function countRows(
  q: Queryable,
  from: string,
  where: string,
  params: unknown[],
  deps?: Dep[],
): Promise<Total> {
  const key = `${from} ${where}\u0000${JSON.stringify(params)}`;
  const kept = deps && estimatesOf(q).get(key);
  if (kept && kept.until > Date.now()) return { total: kept.total, estimated: true };
  const counted = await countOrEstimate(q, from, where, params, key, deps);
  if (counted.estimated && deps) keepEstimate(q, key, counted.total);
  return counted;
}

/**
 * How long an estimated total ("about N") is kept through writes. An exact one goes with the
 * first write to its rows, but "about 1,000,000" does not move with an edit, and counting up to the
 * limit again after each of staff's writes was the slow request of a big list (issue 31: the admin
 * list's p99 on PGlite, 10 writes a second). A delete of most of the rows shows within this time.
 */
export const ESTIMATE_KEPT_MS = 10_000;

const estimates = new WeakMap<Queryable, Map<string, { total: number; until: number }>>();

const estimatesOf = (q: Queryable) => {
  let kept = estimates.get(q);
  if (!kept) estimates.set(q, (kept = new Map()));
  return kept;
};

const keepEstimate = (q: Queryable, key: string, total: number) => {
  const kept = estimatesOf(q);
  if (kept.size >= TOTALS.max) kept.clear();
  kept.set(key, { total, until: Date.now() + ESTIMATE_KEPT_MS });
};

function countOrEstimate(q: Queryable, from: string, where: string, params: unknown[], key: string, deps?: Dep[]) {
  return cachedRead(q, TOTALS, key, deps, async () => {
    const [{ n }] = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${where} LIMIT ${EXACT_TOTAL_LIMIT + 1}) s`,
      params,
    );
    return n <= EXACT_TOTAL_LIMIT
      ? { total: n, estimated: false }
      : { total: await estimate(q, from, where, params), estimated: true };
  });
}

async function estimate(q: Queryable, from: string, where: string, params: unknown[]) {
  const [row] = await q.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} ${where}`, params);
  const plan = Object.values(row)[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  // Known to be above the limit: an estimate below it would contradict the count just made.
  return Math.max(Math.round(parsed[0].Plan['Plan Rows']), EXACT_TOTAL_LIMIT + 1);
}
