import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ChangeFeed, READ_NOTES, writtenTables } from './changes';
import { preparedStatements } from './pglite-prepared';
import { pgliteUpkeep } from './pglite-upkeep';
import { cachedCluster, emptyClusterFile } from './pglite-template';
import { POSITION_SQL } from './read-position';
import type { Db, Queryable } from './types';

/** Dates stay 'YYYY-MM-DD' strings: a JS Date would shift them by the time zone. */
const parsers = { [types.DATE]: (value: string) => value };

/**
 * PGlite is one connection in this process, so every app using it shares this object and hears
 * its writes directly; no notifications are needed.
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Db> {
  const pg = await createPglite(dataDir, template);
  // Statements are prepared (pglite-prepared.ts) and PostgreSQL chooses their plans itself
  // (plan_cache_mode auto; db/postgres.ts forces custom plans). A plan made in WebAssembly costs far
  // more than natively (each relation's size is an fstat through the emulated file system):
  // planning every run halved the record reads (bench, PGlite 200k: 1,000 against 2,000 req/s),
  // while the lists that needed custom plans on PostgreSQL's million rows kept their speed here
  // (shipper list 2,280 req/s).
  const feed = new ChangeFeed();
  const prepared = preparedStatements(pg);
  const upkeep = pgliteUpkeep(pg);
  const wrap = (q: Pick<PGlite, 'query'>, written: (sql: string) => void, inTransaction: boolean): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const rows =
        (params.length ? await prepared<T>(sql, params, inTransaction) : undefined) ??
        (await q.query<T>(sql, params)).rows;
      written(sql);
      return rows;
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg, (sql) => feed.emitAll(writtenTables(sql)), false),
    async exec(sql) {
      await pg.exec(sql);
      feed.emit(null);
    },
    async transaction(fn) {
      const tables: string[] = [];
      let notes: string | null = null;
      const result = await pg.transaction(async (tx) => {
        const answer = await fn(wrap(tx, (sql) => tables.push(...writtenTables(sql)), true));
        // The rows the triggers noted (db/changes.ts), read before the transaction ends and forgets
        // them: also those of tables no statement names (a trigger's own writes, a function's).
        [{ notes }] = (await tx.query<{ notes: string | null }>(READ_NOTES)).rows;
        return answer;
      });
      feed.emitCommitted(tables, notes);
      return result;
    },
    onChange: (listener) => feed.on(listener),
    // One process holds the only connection: every change is known here as it commits.
    trusted: () => true,
    async position() {
      const [{ position }] = (await pg.query<{ position: string }>(POSITION_SQL)).rows;
      return position;
    },
    close: async () => {
      await upkeep.stop();
      await pg.close();
    },
    upkeep: upkeep.look,
    dump: () => pg.dumpDataDir('gzip'),
  };
}

// pg_trgm backs the trigram indexes of the `q` search fields (engine/indexes.ts).
const options = { parsers, extensions: { pg_trgm } };

/** An empty PGlite made the slow way: initdb inside WebAssembly. */
export const newCluster = async () => {
  const pg = await PGlite.create(options);
  return { dump: () => pg.dumpDataDir('gzip'), close: () => pg.close() };
};

/**
 * A data dir that holds a cluster is opened as it is; an empty one (or memory) starts as a copy of
 * `template`, or of the empty cluster kept for this PGlite version (pglite-template.ts).
 */
async function createPglite(dataDir?: string, template?: Blob): Promise<PGlite> {
  if (dataDir && existsSync(join(dataDir, 'PG_VERSION'))) return PGlite.create({ dataDir, ...options });
  const loadDataDir = template ?? (await cachedCluster(emptyClusterFile(), newCluster));
  return PGlite.create({ ...(dataDir && { dataDir }), loadDataDir, ...options });
}
