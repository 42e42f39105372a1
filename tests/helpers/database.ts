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
 * What preparing a database makes depends on these files (migrations, declarations, seed data,
 * engine): a hash of them names the prepared copy kept between test files and runs, so a change to
 * any of them makes a new one.
 */
let preparedKey: string | undefined;
const preparedStateKey = () => {
  if (preparedKey) return preparedKey;
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
  preparedKey = hash.digest('hex').slice(0, 16);
  return preparedKey;
};

const seededTemplateFile = () =>
  join(tmpdir(), 'logistics-test-clusters', `seeded-${pgliteVersion}-${preparedStateKey()}.tar.gz`);

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default (a copy of
 * one prepared cluster), or, when TEST_DATABASE_URL points at a PostgreSQL server (CI), a new
 * database on it copied from one prepared template database, and dropped after.
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
  const created = await newPostgresDatabase(serverUrl, await preparedPostgresTemplate(serverUrl));
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

/**
 * A new database on the PostgreSQL server at serverUrl, empty or a copy of `template`: its URL, and
 * a way to drop it.
 */
export async function newPostgresDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The migrated and seeded template database on the server, made by the first test file that asks
 * (under an advisory lock, so parallel files wait for it rather than each migrating its own):
 * copying it is a file copy, where migrating and seeding took most of a file's set-up.
 * A template nobody is connected to is what CREATE DATABASE … TEMPLATE needs, so it is prepared
 * under another name and renamed once closed.
 */
async function preparedPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `tmpl_${preparedStateKey()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      const making = await newPostgresDatabase(serverUrl);
      const db = await openDatabase({ databaseUrl: making.url });
      await prepareDatabase(db);
      await db.close();
      const madeName = new URL(making.url).pathname.slice(1);
      await client.query(`ALTER DATABASE ${madeName} RENAME TO ${name}`);
    }
  } finally {
    await client.end();
  }
  return name;
}
