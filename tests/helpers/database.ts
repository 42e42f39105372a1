import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/open';
import { prepareDatabase } from '../../src/server/db/prepare';
import type { Db } from '../../src/server/db/types';

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or, when
 * TEST_DATABASE_URL points at a PostgreSQL server (CI), a new database created on it and dropped after.
 */
export async function freshDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({});
    await prepareDatabase(db);
    return { db, drop: () => db.close() };
  }
  const created = await newPostgresDatabase(serverUrl);
  const db = await openDatabase({ databaseUrl: created.url });
  await prepareDatabase(db);
  return {
    db,
    drop: async () => {
      await db.close();
      await created.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server at serverUrl: its URL, and a way to drop it. */
export async function newPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
