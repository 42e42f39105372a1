import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/open';
import { prepareDatabase } from '../../src/server/db/prepare';
import type { Db } from '../../src/server/db/types';
import { cachedCluster, pgliteVersion } from '../../src/server/db/pglite-template';
import { ROOT_DIR } from '../../src/server/paths';

/**
 * Where the migrated and seeded PGlite cluster is kept between test files and runs: keyed by PGlite
 * version and every file that can change what preparing a database makes (migrations, declarations,
 * seed data, engine), so a change to any of them makes a new one.
 */
let seededFile: string | undefined;
const seededTemplateFile = () => {
  if (seededFile) return seededFile;
  const hash = createHash('sha256');
  const walk = (path: string): string[] =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .sort()
          .flatMap((name) => walk(join(path, name)))
      : [path];
  for (const file of ['src/server', 'src/domain', 'resources', 'schemas', 'policies', 'locales'].flatMap((dir) =>
    walk(join(ROOT_DIR, dir)),
  ))
    hash.update(file).update('\0').update(readFileSync(file));
  seededFile = join(
    tmpdir(),
    'logistics-test-clusters',
    `seeded-${pgliteVersion}-${hash.digest('hex').slice(0, 16)}.tar.gz`,
  );
  return seededFile;
};

/**
 * A fresh, migrated and seeded database for one test file (PGlite: a copy of one prepared cluster): in-memory PGlite by default, or, when
 * TEST_DATABASE_URL points at a PostgreSQL server (CI), a new database created on it and dropped after.
 */
export async function freshDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await cachedCluster(seededTemplateFile(), async () => {
      const made = await openDatabase({});
      await prepareDatabase(made);
      return { dump: () => made.dump!(), close: () => made.close() };
    });
    const db = await openDatabase({ template });
    // Nothing to do on a copy of the prepared state, but cheap, and right should the key miss a change.
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
