import type { Queryable } from '../db/types';

export const MAX_FAILURES = 10;
export const WINDOW_MINUTES = 15;

/**
 * Failed sign-ins per account name, counted in the database so the lock holds across restarts and
 * instances. Returns the minutes left when the account is locked.
 */
export async function lockedFor(q: Queryable, username: string): Promise<number | undefined> {
  const [row] = await q.query<{ failures: number; oldest: string | null }>(
    `SELECT count(*)::int AS failures, min(failed_at) AS oldest FROM login_failures
      WHERE username = $1 AND failed_at > now() - make_interval(mins => $2)`,
    [username.toLowerCase(), WINDOW_MINUTES],
  );
  if (row.failures < MAX_FAILURES || !row.oldest) return undefined;
  const unlocksAt = new Date(row.oldest).getTime() + WINDOW_MINUTES * 60_000;
  return Math.max(1, Math.ceil((unlocksAt - Date.now()) / 60_000));
}

export const recordFailure = (q: Queryable, username: string) =>
  q.query('INSERT INTO login_failures(username) VALUES ($1)', [username.toLowerCase()]);

export const clearFailures = (q: Queryable, username: string) =>
  q.query('DELETE FROM login_failures WHERE username = $1', [username.toLowerCase()]);
