import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeFeed } from '../../src/server/db/changes';
import type { Db } from '../../src/server/db/types';
import { countRows, ESTIMATE_KEPT_MS, EXACT_TOTAL_LIMIT } from '../../src/server/engine/totals';

/** A database of `rows` suppliers that answers the two statements a total asks, counting them. */
const fakeDb = (rows: { n: number }) => {
  const feed = new ChangeFeed();
  const asked = { count: 0 };
  const db = {
    onChange: (listener) => feed.on(listener),
    trusted: () => true,
    query: async (sql: string) => {
      asked.count++;
      if (sql.startsWith('EXPLAIN')) return [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': rows.n } }] }];
      return [{ n: Math.min(rows.n, EXACT_TOTAL_LIMIT + 1) }];
    },
  } as Pick<Db, 'onChange' | 'query' | 'trusted'> as Db;
  return { db, feed, asked };
};
const DEPS = [{ table: 'suppliers' }];
const total = (db: Db) => countRows(db, 'suppliers t', '', [], DEPS);

afterEach(() => vi.useRealTimers());

describe('countRows', () => {
  it('keeps an estimated total through writes for a while, and counts again after it', async () => {
    vi.useFakeTimers();
    const rows = { n: 50_000 };
    const { db, feed, asked } = fakeDb(rows);
    expect(await total(db)).toEqual({ total: 50_000, estimated: true });
    rows.n = 50_001;
    feed.emit('suppliers');
    expect(await total(db)).toEqual({ total: 50_000, estimated: true });
    expect(asked.count).toBe(2);
    rows.n = 12;
    feed.emit('suppliers');
    vi.advanceTimersByTime(ESTIMATE_KEPT_MS + 1);
    expect(await total(db)).toEqual({ total: 12, estimated: false });
  });

  it('drops an exact total with the first write, and keeps nothing without dependencies', async () => {
    const rows = { n: 40 };
    const { db, feed, asked } = fakeDb(rows);
    expect(await total(db)).toEqual({ total: 40, estimated: false });
    expect(await total(db)).toEqual({ total: 40, estimated: false });
    expect(asked.count).toBe(1);
    rows.n = 41;
    feed.emit('suppliers');
    expect(await total(db)).toEqual({ total: 41, estimated: false });
    rows.n = 60_000;
    feed.emit('suppliers');
    expect(await total(db)).toEqual({ total: 60_000, estimated: true });
    // A list with computed filters (no dependencies) neither keeps an estimate nor reads a kept one.
    rows.n = 60_001;
    expect(await countRows(db, 'suppliers t', '', [], undefined)).toEqual({ total: 60_001, estimated: true });
  });
});
