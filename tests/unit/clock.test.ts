import { describe, expect, it } from 'vitest';
import { clockedDb } from '../../src/server/db/clock';
import type { Db, Queryable } from '../../src/server/db/types';

/** A database that records what it was asked. */
const recording = () => {
  const asked: { sql: string; params: unknown[] }[] = [];
  const q: Queryable = {
    query: async <T>(sql: string, params: unknown[] = []) => {
      asked.push({ sql, params });
      return [] as T[];
    },
  };
  const db = { ...q, kind: 'pglite', transaction: (fn: (tx: Queryable) => Promise<unknown>) => fn(q) } as unknown as Db;
  return { db, asked };
};

describe('clockedDb', () => {
  it('binds $now as one more parameter holding the clock, and leaves other statements alone', async () => {
    const { db, asked } = recording();
    const clocked = clockedDb(db, () => new Date('2026-11-27T07:30:00Z'));
    await clocked.query('SELECT ($now AT TIME ZONE $1)::date, $now', ['America/Los_Angeles']);
    await clocked.query('SELECT 1 WHERE $1 = $1', ['$nowhere']);
    expect(asked).toEqual([
      {
        sql: 'SELECT ($2::timestamptz AT TIME ZONE $1)::date, $2::timestamptz',
        params: ['America/Los_Angeles', '2026-11-27T07:30:00.000Z'],
      },
      { sql: 'SELECT 1 WHERE $1 = $1', params: ['$nowhere'] },
    ]);
  });

  it('reads the clock once per transaction, so its statements agree on the day', async () => {
    const { db, asked } = recording();
    let tick = Date.parse('2026-11-27T07:59:59Z');
    const clocked = clockedDb(db, () => new Date((tick += 1000)));
    await clocked.transaction(async (tx) => {
      await tx.query('SELECT $now');
      await tx.query('SELECT $now');
    });
    expect(asked.map((a) => a.params)).toEqual([['2026-11-27T08:00:00.000Z'], ['2026-11-27T08:00:00.000Z']]);
  });
});
