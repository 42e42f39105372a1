import { DeliveryStatus } from '../../domain/webhooks';
import type { Queryable } from '../db/types';
import { HEARD_AS } from './event-names';

/** Requests to one endpoint under way at once from an instance (its lane, lanes.ts). */
export const PER_ENDPOINT = 8;
/**
 * Deliveries of one endpoint claimed at once, over all instances: those under way (lanes.ts, at most
 * PER_ENDPOINT from an instance) and the next in line, so its next request leaves as one ends. An
 * endpoint that is failing (timing out, refusing) gets only as many as it may have under way.
 */
const PER_ENDPOINT_CLAIMED = 4 * PER_ENDPOINT;
/**
 * Deliveries of one organization's endpoints claimed at once, over all instances: a customer with
 * many slow endpoints holds these only. Staff's endpoints (of no organization) share one allowance.
 */
const PER_ORGANIZATION_CLAIMED = 4 * PER_ENDPOINT_CLAIMED;
/**
 * A claimed delivery is not taken by another instance for this long: more than the last in a lane
 * of an endpoint that has just begun to hang can take, three rounds of 15 s timeouts and its own.
 */
const LEASE_SECONDS = 90;
/** A rotated-out secret still signs for a day. */
const PREVIOUS_SECRET_HOURS = 24;

/** A delivery claimed to be sent now, with what its request is made of. */
export interface Claimed {
  id: number;
  webhookId: number;
  /** Attempts of its current retry schedule (a resend or replay starts a new one). */
  attempts: number;
  url: string;
  secrets: string[];
  organizationId: number | null;
  seq: number;
  type: string;
  resource: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** Whether delivery `t` is due, and not under way already (a resend while it is sent waits for its outcome). */
const dueAs = (t: string) =>
  `${t}.status = ${DeliveryStatus.pending} AND ${t}.next_at <= $now AND (${t}.sending_until IS NULL OR ${t}.sending_until <= $now)`;

/**
 * Claims up to `free` due deliveries, shared out in turns: every endpoint's first due delivery
 * before any endpoint's second, and every organization's first before any organization's second,
 * so a backlog of one (an import's 20,000 events) or a slow endpoint (each request held for the
 * timeout) never stands before another's next event. An endpoint gets at most PER_ENDPOINT_CLAIMED
 * (a failing one PER_ENDPOINT), an organization PER_ORGANIZATION_CLAIMED, less what it has claimed
 * already on any instance; an endpoint's own deliveries go in the order they fell due, events of
 * one moment in sequence order. One statement, each endpoint's head read from its index; the rows
 * are locked under SKIP LOCKED and leased, so instances on one PostgreSQL never send a delivery
 * twice. Answered in the order to send them.
 */
export async function claimDue(db: Queryable, free: number): Promise<Claimed[]> {
  return db.query<Claimed>(
    `WITH endpoints AS (
       SELECT w.id, w.organization_id,
              CASE WHEN w.failing_since IS NULL THEN $2::int ELSE $6::int END - count(s.id) AS room,
              sum(count(s.id)) OVER (PARTITION BY w.organization_id) AS organization_busy
         FROM webhooks w LEFT JOIN webhook_deliveries s ON s.webhook_id = w.id AND s.sending_until > $now
        WHERE w.enabled
        GROUP BY w.id),
     heads AS (
       SELECT e.organization_id, e.organization_busy, h.id, h.next_at, h.seq, h.turn
         FROM endpoints e CROSS JOIN LATERAL (
           SELECT q.*, row_number() OVER (ORDER BY q.next_at, q.seq) AS turn
             FROM (SELECT d.id, d.next_at, d.seq FROM webhook_deliveries d
                    WHERE d.webhook_id = e.id AND ${dueAs('d')}
                    ORDER BY d.next_at, d.seq LIMIT $2) q) h
        WHERE h.turn <= e.room),
     shares AS (
       SELECT id, next_at, seq, turn,
              organization_busy + row_number() OVER (PARTITION BY organization_id ORDER BY turn, next_at, seq) AS share
         FROM heads),
     picked AS (
       SELECT id, turn FROM shares WHERE share <= $3 ORDER BY share, next_at, seq LIMIT $1),
     claimed AS (
       UPDATE webhook_deliveries d SET next_at = $now + make_interval(secs => $4), sending_until = $now + make_interval(secs => $4)
        WHERE d.id IN (SELECT l.id FROM webhook_deliveries l
                        WHERE l.id IN (SELECT id FROM picked) AND ${dueAs('l')}
                          FOR UPDATE SKIP LOCKED)
       RETURNING d.id, d.webhook_id, d.seq, d.attempts)
     SELECT c.id, c.webhook_id AS "webhookId", c.attempts, w.url,
            array_remove(ARRAY[w.secret, CASE WHEN w.rotated_at > $now - make_interval(hours => $5) THEN w.previous_secret END], NULL) AS secrets,
            o.organization_id AS "organizationId", o.seq::float8 AS seq, ${HEARD_AS} AS type, o.resource, o.payload,
            o.created_at AS "createdAt"
       FROM claimed c JOIN picked p ON p.id = c.id JOIN webhooks w ON w.id = c.webhook_id JOIN outbox o ON o.seq = c.seq
      ORDER BY p.turn, c.seq`,
    [free, PER_ENDPOINT_CLAIMED, PER_ORGANIZATION_CLAIMED, LEASE_SECONDS, PREVIOUS_SECRET_HOURS, PER_ENDPOINT],
  );
}
