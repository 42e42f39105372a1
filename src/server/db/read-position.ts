/**
 * Positions in the database's history (issue 38, DESIGN 10): every answer to a write carries one
 * in `X-Read-After`, and a request that brings one back is served by an instance's caches only
 * once that instance has heard every change up to it, so a person reads their own save on any
 * instance. The position is PostgreSQL's WAL location after the write committed (`0/1A2B3C8`),
 * opaque to clients; PGlite answers its own the same way, and one process is never behind itself.
 */
export const READ_AFTER_HEADER = 'x-read-after';

const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** The position a request header asks for, when it is one; anything else is ignored, as none. */
export const positionAsked = (header: string | string[] | undefined) =>
  typeof header === 'string' && LSN.test(header) ? header : undefined;

/** A WAL location as a number: its two halves are 32-bit hex. */
export const lsnValue = (lsn: string) => {
  const [, high, low] = LSN.exec(lsn)!;
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/** The SQL that reads the position: where the WAL is written to, past every commit made so far. */
export const POSITION_SQL = 'SELECT pg_current_wal_lsn()::text AS position';
