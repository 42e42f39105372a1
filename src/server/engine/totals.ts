import type { Db, Queryable } from '../db/types';

/** Up to this many rows a list's total is exact; above it the planner's estimate is shown as "about". */
export const EXACT_TOTAL_LIMIT = 10_000;
const MAX_ENTRIES = 2_000;

export interface Total {
  total: number;
  estimated: boolean;
}

interface Entry extends Total {
  tables: string[];
}

/**
 * Totals per filter, kept until a write to one of the tables they count (db/changes.ts tells,
 * for this instance at once and for others through notifications). A count that was running while
 * such a write committed is not kept: each table's generation must be the same before and after.
 */
class TotalsCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;

  constructor(db: Db) {
    db.onChange((table) => (table === null ? this.dropAll() : this.drop(table)));
  }

  get = (key: string) => this.entries.get(key);

  stamp = (tables: string[]) => `${this.epoch}:${tables.map((t) => this.generations.get(t) ?? 0).join(',')}`;

  keep(key: string, entry: Entry, stamp: string) {
    if (stamp !== this.stamp(entry.tables)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, entry);
  }

  private drop(table: string) {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (entry.tables.includes(table)) this.entries.delete(key);
  }

  private dropAll() {
    this.epoch++;
    this.entries.clear();
  }
}

const caches = new WeakMap<Db, TotalsCache>();
const isDb = (q: Queryable): q is Db => typeof (q as Db).onChange === 'function';

function cacheOf(q: Queryable) {
  if (!isDb(q)) return undefined;
  let cache = caches.get(q);
  if (!cache) caches.set(q, (cache = new TotalsCache(q)));
  return cache;
}

/**
 * How many rows `FROM <from> WHERE ...` holds: counted exactly up to EXACT_TOTAL_LIMIT (a count
 * that stops there, so it never walks a million rows), the planner's estimate above it. `tables`
 * are what the count reads; without them (computed filters) nothing is cached.
 */
export async function countRows(q: Queryable, from: string, where: string, params: unknown[], tables?: string[]): Promise<Total> {
  const cache = tables ? cacheOf(q) : undefined;
  const key = `${from} ${where}\u0000${JSON.stringify(params)}`;
  const hit = cache?.get(key);
  if (hit) return hit;
  const stamp = cache?.stamp(tables!);
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${where} LIMIT ${EXACT_TOTAL_LIMIT + 1}) s`,
    params,
  );
  const total = n <= EXACT_TOTAL_LIMIT ? { total: n, estimated: false } : { total: await estimate(q, from, where, params), estimated: true };
  cache?.keep(key, { ...total, tables: tables! }, stamp!);
  return total;
}

async function estimate(q: Queryable, from: string, where: string, params: unknown[]) {
  const [row] = await q.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} ${where}`, params);
  const plan = Object.values(row)[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  // Known to be above the limit: an estimate below it would contradict the count just made.
  return Math.max(Math.round(parsed[0].Plan['Plan Rows']), EXACT_TOTAL_LIMIT + 1);
}
