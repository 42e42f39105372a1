import type { Queryable } from '../db/types';

export const MAX_FAILURES = 10;
/** An office behind one address may mistype often; a script trying many accounts from it may not. */
export const MAX_ADDRESS_FAILURES = 50;
export const WINDOW_MINUTES = 15;

/**
 * Failed sign-ins per account name and per client address, counted in the database so the lock
 * holds across restarts and instances. Returns the minutes left when either is locked.
 */
export async function lockedFor(q: Queryable, username: string, address: string): Promise<number | undefined> {
  const rows = await q.query<{ failures: number; oldest: string | null; limit: number }>(
    `SELECT count(*)::int AS failures, min(failed_at) AS oldest, $3::int AS "limit" FROM login_failures
      WHERE username = $1 AND failed_at > now() - make_interval(mins => $4)
     UNION ALL
     SELECT count(*)::int, min(failed_at), $5::int FROM login_failures
      WHERE address = $2 AND failed_at > now() - make_interval(mins => $4)`,
    [username.toLowerCase(), address, MAX_FAILURES, WINDOW_MINUTES, MAX_ADDRESS_FAILURES],
  );
  const locked = rows.filter((row) => row.failures >= row.limit && row.oldest);
  if (!locked.length) return undefined;
  const unlocksAt = Math.max(...locked.map((row) => new Date(row.oldest!).getTime() + WINDOW_MINUTES * 60_000));
  return Math.max(1, Math.ceil((unlocksAt - Date.now()) / 60_000));
}

export const recordFailure = (q: Queryable, username: string, address: string) =>
  q.query('INSERT INTO login_failures(username, address) VALUES ($1, $2)', [username.toLowerCase(), address]);

export const clearFailures = (q: Queryable, username: string) =>
  q.query('DELETE FROM login_failures WHERE username = $1', [username.toLowerCase()]);
