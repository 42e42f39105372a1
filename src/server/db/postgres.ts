import pg from 'pg';
import { CHANGES_CHANNEL, ChangeFeed, READ_NOTES, writtenTables } from './changes';
import { knownColumnsQueries } from './pg-known-columns';
import { statementNames } from './statement-names';
import type { Db, Queryable } from './types';

const DATE_OID = 1082;

export async function openPostgres(connectionString: string): Promise<Db> {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === DATE_OID
        ? (value: string) => value
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  // JIT off: its compile time is paid per query and ours are short; the planner's cost estimates of
  // the report CTEs (millions of rows that turn out to be thousands) made it spend 0.7 s compiling a
  // summary that runs in 0.3 s. Custom plans always: statements are prepared (statementNames), and
  // a generic plan of a list cannot know how few rows `organization_id = ANY($1)` keeps, so a
  // shipper's page walked the whole id index (bench: shipper list ratio 0.15); parsing is still saved.
  const pool = new pg.Pool({
    connectionString,
    types,
    max: Number(process.env.PG_POOL_SIZE ?? 10),
    options: '-c jit=off -c plan_cache_mode=force_custom_plan',
  });
  // An idle connection can be cut by the server (restart, admin terminate); without a handler the
  // 'error' event would crash the process. The pool drops that client and opens a new one on demand.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
  await pool.query('select 1');
  const feed = new ChangeFeed();
  const listener = await listenForChanges(connectionString, feed);
  const named = statementNames();
  const statement = knownColumnsQueries();
  const wrap = (client: pg.Pool | pg.PoolClient, written: (sql: string) => void): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await submit(client, statement(sql, params, params.length ? named(sql) : undefined));
      written(sql);
      return result.rows as T[];
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool, (sql) => feed.emitAll(writtenTables(sql))),
    async exec(sql) {
      await pool.query(sql);
      feed.emit(null);
    },
    async transaction(fn) {
      const client = await pool.connect();
      const tables: string[] = [];
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client, (sql) => tables.push(...writtenTables(sql))));
        // The rows the triggers noted, read in the round trip that commits: also those of tables
        // no statement names (a trigger's own writes, a function's).
        const [notes] = (await client.query(`${READ_NOTES}; COMMIT`)) as unknown as pg.QueryResult[];
        feed.emitCommitted(tables, notes.rows[0]?.notes);
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    onChange: (fn) => feed.on(fn),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * One connection LISTENing to the tables' change notifications, sent by every write on the
 * database: other instances', and this one's too, which drop again what their commit dropped (a
 * write no statement names, outside a transaction, is heard only so). When it drops, every cache
 * is told to forget (null) and it connects again.
 */
async function listenForChanges(connectionString: string, feed: ChangeFeed) {
  let client: pg.Client | undefined;
  let closed = false;
  const retry = (): void => void setTimeout(() => connect().catch(retry), 500).unref();
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (!message.payload) return feed.emit(null);
      feed.emitNotified(message.payload);
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (closed) return;
      feed.emit(null);
      retry();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    client = next;
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      await client?.end();
    },
  };
}

/** Sends a Query (pg-known-columns.ts makes them) and answers its result, or its error with the caller's stack. */
function submit(client: pg.Pool | pg.PoolClient, query: pg.Query) {
  // Both take a Query with a callback, which the pool wraps to release its connection first.
  const send = client.query as unknown as (this: typeof client, q: pg.Query, v: undefined, done: Answered) => void;
  return new Promise<pg.QueryResult>((resolve, reject) =>
    send.call(client, query, undefined, (error, result) => (error ? reject(error) : resolve(result!))),
  ).catch((error: Error) => {
    // As pg's own promise does: the stack that leads back to the caller, not to the socket's read.
    Error.captureStackTrace(error);
    throw error;
  });
}

type Answered = (error: Error | undefined, result?: pg.QueryResult) => void;
