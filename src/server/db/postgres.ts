import pg from 'pg';
import type { Db, Queryable } from './types';

const DATE_OID = 1082;

export async function openPostgres(connectionString: string): Promise<Db> {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString, types, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  // An idle connection can be cut by the server (restart, admin terminate); without a handler the
  // 'error' event would crash the process. The pool drops that client and opens a new one on demand.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
  await pool.query('select 1');
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return result.rows as T[];
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
