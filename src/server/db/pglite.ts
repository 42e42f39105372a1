import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable } from './types';

/** Dates stay 'YYYY-MM-DD' strings: a JS Date would shift them by the time zone. */
const parsers = { [types.DATE]: (value: string) => value };

export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create(dataDir ? { dataDir, parsers } : { parsers });
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
