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
 * that stops there, so it never walks a million rows), the planner's estimate above it; kept until
 * a write to the rows it depends on, `deps` (read-cache.ts). Without them (computed filters)
 * nothing is kept.
 */
export async function countRows(
  q: Queryable,
  from: string,
  where: string,
  params: unknown[],
  deps?: Dep[],
): Promise<Total> {
  return cachedRead(q, TOTALS, `${from} ${where}\u0000${JSON.stringify(params)}`, deps, async () => {
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
