import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

/** Long enough to open the stream right after asking; short enough that a leaked one is worthless. */
export const TICKET_SECONDS = 30;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/**
 * A ticket for the session asking (its user and token id), stored hashed: what the table holds
 * cannot open a stream. Tickets that expired unused go in the same statement, through their index.
 */
export async function issueTicket(
  q: Queryable,
  userId: number,
  jti: string,
): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = `lvt_${randomBytes(24).toString('base64url')}`;
  await q.query(
    `WITH swept AS (DELETE FROM live_tickets WHERE expires_at < $now)
     INSERT INTO live_tickets(hash, user_id, jti, expires_at) VALUES ($1, $2, $3, $now + make_interval(secs => $4))`,
    [hashOf(ticket), userId, jti, TICKET_SECONDS],
  );
  return { ticket, expiresIn: TICKET_SECONDS };
}

/**
 * The session a ticket was issued to, taking the ticket: the first caller on any instance gets it,
 * every later one (and any caller after expiry) gets undefined. Only a session still open counts.
 */
export async function takeTicket(q: Queryable, ticket: string): Promise<{ userId: number; jti: string } | undefined> {
  if (!/^lvt_[\w-]{32}$/.test(ticket)) return undefined;
  const [row] = await q.query<{ userId: number; jti: string }>(
    `WITH taken AS (DELETE FROM live_tickets WHERE hash = $1 RETURNING user_id, jti, expires_at)
     SELECT t.user_id AS "userId", t.jti FROM taken t
       JOIN sessions s ON s.jti = t.jti AND s.revoked_at IS NULL
      WHERE t.expires_at > $now`,
    [hashOf(ticket)],
  );
  return row;
}
