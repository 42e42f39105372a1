import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgInternalsPresent } from '../../src/server/db/pg-known-columns';
import { pgliteInternalsPresent } from '../../src/server/db/pglite-prepared';
import type { Db } from '../../src/server/db/types';
import { freshDatabase } from '../helpers/database';

/**
 * The drivers' private members our prepared statements use are present in the pinned versions
 * (issue 38: a release renaming one falls back loudly, see db/pg-known-columns.ts and
 * db/pglite-prepared.ts), and what PGlite's locks guarantee holds: a read outside a transaction
 * never runs inside another one's, on the one connection PGlite has.
 */
let database: { db: Db; drop(): Promise<void> };

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

it("finds what it overrides in pg and PGlite's pinned versions", async () => {
  expect(pgInternalsPresent()).toBe(true);
  const pglite = await PGlite.create();
  try {
    expect(pgliteInternalsPresent(pglite)).toBe(true);
  } finally {
    await pglite.close();
  }
});

// PGlite's one connection is what makes this a question; PostgreSQL's pool reads on another connection.
it.skipIf(process.env.TEST_DATABASE_URL)(
  'runs a read made while a transaction is open after it, seeing what it committed',
  async () => {
    const { db } = database;
    const [port] = await db.query<{ id: number; name_en: string }>('SELECT id, name_en FROM ports ORDER BY id LIMIT 1');
    const order: string[] = [];
    let read: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('UPDATE ports SET name_en = $1 WHERE id = $2', ['Uncommitted', port.id]);
      read = db
        .query<{ name_en: string }>('SELECT name_en FROM ports WHERE id = $1', [port.id])
        .then(([row]) => order.push(`read ${row.name_en}`));
      // The transaction goes on with statements of its own while the read is waiting.
      for (let i = 0; i < 5; i++) await tx.query('SELECT $1::int', [i]);
      await tx.query('UPDATE ports SET name_en = $1 WHERE id = $2', ['Committed', port.id]);
      order.push('committing');
    });
    await read;
    expect(order).toEqual(['committing', 'read Committed']);
    await db.query('UPDATE ports SET name_en = $1 WHERE id = $2', [port.name_en, port.id]);
  },
);
