import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/types';
import { freshDatabase } from '../helpers/database';

/**
 * Statements with parameters are prepared once per connection and run again by name (db/postgres.ts,
 * db/pglite-prepared.ts, which also keeps each statement's columns): the rows of a statement run
 * again must be what a first run answers, of every type the engine stores, in and out of a
 * transaction, on every connection of a pool once the first has described it (db/pg-known-columns.ts),
 * and a failed one must leave the connection usable.
 */
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  await db.exec(`CREATE TABLE statement_probe (id int PRIMARY KEY, day date, at timestamptz, tags int[],
    doc jsonb, amount numeric(12, 2), note text)`);
});
afterAll(async () => drop());

const read = (id: number) =>
  db.query<Record<string, unknown>>(
    'SELECT id, day, at, tags, doc, amount::float8 AS amount, note FROM statement_probe WHERE id = $1',
    [id],
  );

it('answers the same typed rows when a statement runs again, with every kind of parameter', async () => {
  const at = new Date('2026-11-26T23:30:00.123Z');
  const insert =
    'INSERT INTO statement_probe (id, day, at, tags, doc, amount, note) VALUES ($1, $2, $3, $4, $5, $6, $7)';
  await db.query(insert, [1, '2026-11-27', at, [3, 1, 2], { lines: [{ sku: 'A' }] }, '12.50', null]);
  await db.query(insert, [2, '2026-01-01', at, [], {}, 0, 'second']);
  const first = await read(1);
  expect(first).toEqual([
    { id: 1, day: '2026-11-27', at, tags: [3, 1, 2], doc: { lines: [{ sku: 'A' }] }, amount: 12.5, note: null },
  ]);
  for (let i = 0; i < 7; i++) expect(await read(1)).toEqual(first);
  expect(await read(2)).toEqual([{ id: 2, day: '2026-01-01', at, tags: [], doc: {}, amount: 0, note: 'second' }]);
  expect(await read(3)).toEqual([]);
  // A statement that answers no rows at all (no columns) answers an empty list, first run or not.
  for (let i = 0; i < 2; i++)
    expect(await db.query('UPDATE statement_probe SET note = $2 WHERE id = $1', [2, `run ${i}`])).toEqual([]);
  expect((await read(2))[0].note).toBe('run 1');
});

it('answers the same rows on every connection at once, after a first run described the columns', async () => {
  const [first] = await read(1);
  const runs = await Promise.all(Array.from({ length: 40 }, (_, i) => read(1 + (i % 2))));
  for (const [i, rows] of runs.entries()) expect(rows[0].id).toBe(1 + (i % 2));
  expect(runs.filter((_, i) => i % 2 === 0).every(([row]) => JSON.stringify(row) === JSON.stringify(first))).toBe(true);
  // A parameter the server refuses at Bind, after the columns are known: the next run is answered.
  await expect(read('not a number' as unknown as number)).rejects.toMatchObject({ code: '22P02' });
  expect(await read(1)).toEqual([first]);
});

it('keeps a connection usable after a statement fails, in a transaction and out of one', async () => {
  const insert = 'INSERT INTO statement_probe (id, note) VALUES ($1, $2)';
  await expect(
    db.transaction(async (tx) => {
      await tx.query(insert, [10, 'kept only if the transaction commits']);
      await tx.query(insert, [1, 'a duplicate id']);
    }),
  ).rejects.toMatchObject({ code: '23505' });
  expect(await read(10)).toEqual([]);
  await expect(db.query(insert, [1, 'a duplicate again'])).rejects.toMatchObject({ code: '23505' });
  await db.transaction(async (tx) => {
    await tx.query(insert, [10, 'now committed']);
    expect((await tx.query<{ note: string }>('SELECT note FROM statement_probe WHERE id = $1', [10]))[0].note).toBe(
      'now committed',
    );
  });
  expect((await read(10))[0].note).toBe('now committed');
});

it("keeps each database's statements apart when two are open in one process", async () => {
  const other = await freshDatabase();
  try {
    // Run first there, so each is named as the first statements here were, over other columns.
    await other.db.query('SELECT $1::int AS a, $1::text AS b', [5]);
    for (let i = 0; i < 2; i++)
      expect(await other.db.query('SELECT $1::text AS word', ['again'])).toEqual([{ word: 'again' }]);
    expect((await read(1))[0]).toMatchObject({ id: 1, day: '2026-11-27' });
  } finally {
    await other.drop();
  }
});
