import type { Db, Queryable } from './types';

/** The instant the app takes for now: the system's in production, a chosen one in tests. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const NOW = /\$now\b/g;

/** Any Queryable (a replica's too) with `$now` bound to the clock, or to `at` when given. */
export const clockedQueryable = (q: Queryable, clock: Clock, at?: Date): Queryable => ({
  query: <T>(sql: string, params: unknown[] = []) => {
    if (!sql.includes('$now')) return q.query<T>(sql, params);
    const now = `$${params.length + 1}::timestamptz`;
    return q.query<T>(sql.replace(NOW, now), [...params, (at ?? clock()).toISOString()]);
  },
});

/**
 * `$now` in our SQL is the app's clock, bound as one more parameter of the statement. PostgreSQL's
 * now() cannot be set, and a test must stand at 23:30 in Los Angeles to see which day it is there.
 * A transaction reads the clock once, as now() would, so all its statements agree on the day.
 */
export function clockedDb(db: Db, clock: Clock): Db {
  const stamped = (q: Queryable, at?: Date) => clockedQueryable(q, clock, at);
  // The database's own methods (exec, onChange, close) stay as they are, through the prototype.
  return Object.assign(Object.create(db) as Db, {
    ...stamped(db),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction((tx) => fn(stamped(tx, clock()))),
  });
}
