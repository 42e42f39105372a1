import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CHANGES_CHANNEL, ChangeFeed, READ_NOTES, writtenTables } from './changes';
import { knownColumnsQueries } from './pg-known-columns';
import { lsnValue, POSITION_SQL } from './read-position';
import { statementNames } from './statement-names';
import type { Db, Queryable } from './types';

const DATE_OID = 1082;

/** Dates stay 'YYYY-MM-DD' strings, on the primary and on a replica alike: a JS Date would shift them by the time zone. */
export const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * JIT off and custom plans, on every connection (openPostgres says why); a replica's reads are the
 * same reports and lists, so it is asked the same way.
 */
export const PG_SESSION_OPTIONS = '-c jit=off -c plan_cache_mode=force_custom_plan';

export async function openPostgres(connectionString: string): Promise<Db> {
  const types = pgTypes;
  // JIT off: its compile time is paid per query and ours are short; the planner's cost estimates of
  // the report CTEs (millions of rows that turn out to be thousands) made it spend 0.7 s compiling a
  // summary that runs in 0.3 s. Custom plans always: statements are prepared (statementNames), and
  // a generic plan of a list cannot know how few rows `organization_id = ANY($1)` keeps, so a
  // shipper's page walked the whole id index (bench: shipper list ratio 0.15); parsing is still saved.
  const pool = new pg.Pool({
    connectionString,
    types,
    max: Number(process.env.PG_POOL_SIZE ?? 10),
    options: PG_SESSION_OPTIONS,
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
    trusted: listener.live,
    async position() {
      const { rows } = await pool.query<{ position: string }>(POSITION_SQL);
      return rows[0].position;
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** The listening connections' application_name in pg_stat_activity. */
export const LISTENER_NAME = 'lbo-change-listener';
/** How often the listener sends itself a heartbeat through the database. */
const HEARTBEAT_MS = 250;
/**
 * Silence longer than this and the listener is not known to be live: every cache reads nothing
 * (Db.trusted) until it is heard again. Well under issue 38's 2 s, with room for a busy server.
 */
const LIVE_BOUND_MS = 1_000;
/** Silence longer than this and the connection is taken for cut without a word: ended, made again. */
const DEAD_MS = 3_000;
/** Between attempts to connect again while the database does not answer. */
const RETRY_MS = 500;

/**
 * One connection LISTENing to the tables' change notifications, sent by every write on the
 * database: other instances', and this one's too, which drop again what their commit dropped (a
 * write no statement names, outside a transaction, is heard only so).
 *
 * A connection can end without a word (a proxy or a network dropping it): the socket keeps alive
 * at the TCP level, and the listener sends itself a heartbeat on a channel of its own and must
 * hear it back within LIVE_BOUND_MS. Until it does, `live()` is false and the caches read nothing
 * (issue 38: they fail closed); every cache is told to forget (null) when it stops being live and
 * again when it is live again, since changes made meanwhile were never heard. Silent for DEAD_MS,
 * the connection is ended and made again at once.
 */
async function listenForChanges(connectionString: string, feed: ChangeFeed) {
  const heartbeat = `table_changes_beat_${randomBytes(6).toString('hex')}`;
  let client: pg.Client | undefined;
  let closed = false;
  let heardAt = 0;
  /** The WAL position each heartbeat read as it was sent: every change committed before it has been heard. */
  let heardUpTo = 0n;
  let live = false;
  let beating = false;
  const now = () => performance.now();
  const lost = () => {
    if (!live) return;
    live = false;
    feed.emit(null);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: 1_000,
      // Named, so an operator (or a test) can tell the listeners among the connections.
      application_name: LISTENER_NAME,
    });
    next.on('notification', (message) => {
      if (message.channel === heartbeat) {
        beating = false;
        heardAt = now();
        if (message.payload) heardUpTo = lsnValue(message.payload);
        if (!live) {
          live = true;
          feed.emit(null);
        }
        return;
      }
      if (!message.payload) return feed.emit(null);
      feed.emitNotified(message.payload);
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) client = undefined;
      lost();
      if (!closed) reconnect(0);
    });
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}; LISTEN ${heartbeat}`);
    client = next;
    beating = false;
    beat();
  };
  const reconnect = (delay: number): void =>
    void setTimeout(() => {
      if (!closed && !client) connect().catch(() => reconnect(RETRY_MS));
    }, delay).unref();
  const beat = () => {
    if (!client || beating) return;
    beating = true;
    // The position read before the heartbeat commits: notifications reach a listener in commit order,
    // so once it is heard every change committed up to that position has been heard too.
    client.query(`SELECT pg_notify('${heartbeat}', pg_current_wal_lsn()::text)`).catch(() => undefined);
  };
  const timer = setInterval(() => {
    const silent = now() - heardAt;
    if (silent > LIVE_BOUND_MS) lost();
    if (client && silent > DEAD_MS && heardAt > 0) {
      // end() waits for the server's answer, which a cut connection never sends: drop the socket.
      const gone = client;
      client = undefined;
      heardAt = now();
      (gone as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      reconnect(0);
      return;
    }
    beat();
  }, HEARTBEAT_MS).unref();
  await connect();
  return {
    live: (after?: string) =>
      live && now() - heardAt <= LIVE_BOUND_MS && (after === undefined || heardUpTo >= lsnValue(after)),
    close: async () => {
      closed = true;
      clearInterval(timer);
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
