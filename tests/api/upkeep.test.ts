import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/types';
import { freshDatabase } from '../helpers/database';

/**
 * PGlite runs no autovacuum (db/pglite-upkeep.ts does its work); PostgreSQL's own autovacuum
 * needs nothing of ours, so this runs on PGlite alone.
 */
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(async () => drop());

const stats = async () => {
  await db.query('SELECT pg_stat_force_next_flush()');
  return (
    await db.query<{ dead: number; vacuumed: string | null; analyzed: string | null }>(
      `SELECT n_dead_tup::int AS dead, last_vacuum AS vacuumed, last_analyze AS analyzed
         FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'`,
    )
  )[0];
};

it.skipIf(process.env.TEST_DATABASE_URL)(
  'vacuums a table past autovacuum’s thresholds, the one most due first, and nothing once none is',
  async () => {
    await db.exec('CREATE TABLE upkeep_probe (id int PRIMARY KEY, note text)');
    while (await db.upkeep!()) {
      // What the migrations left due goes first: the probe is measured from a settled database.
    }
    await db.query("INSERT INTO upkeep_probe SELECT g, 'x' FROM generate_series(1, $1::int) g", [4000]);
    expect(await db.upkeep!()).toBe('public.upkeep_probe');
    expect(await stats()).toMatchObject({ dead: 0, vacuumed: expect.anything(), analyzed: expect.anything() });
    expect(await db.upkeep!()).toBeUndefined();
    // Edits of a fifth and more of the rows leave old row versions: due again, and cleared.
    await db.query("UPDATE upkeep_probe SET note = 'y' WHERE id <= $1", [1500]);
    expect((await stats()).dead).toBeGreaterThan(0);
    expect(await db.upkeep!()).toBe('public.upkeep_probe');
    expect((await stats()).dead).toBe(0);
    expect(await db.upkeep!()).toBeUndefined();
  },
);
