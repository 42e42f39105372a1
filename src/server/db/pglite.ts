import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './types';

/** Dates stay 'YYYY-MM-DD' strings: a JS Date would shift them by the time zone. */
const parsers = { [types.DATE]: (value: string) => value };

export async function openPglite(dataDir?: string): Promise<Db> {
  // pg_trgm backs the trigram indexes of the `q` search fields (engine/indexes.ts).
  const options = { parsers, extensions: { pg_trgm } };
  const pg = await PGlite.create(dataDir ? { dataDir, ...options } : options);
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await q.query<T>(sql, params);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
