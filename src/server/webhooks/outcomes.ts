import { DeliveryStatus, DisabledReason, FAILING_LIMIT_MS, parseRetryAfter, retryDelayMs } from '../../domain/webhooks';
import type { Queryable } from '../db/types';
import type { Claimed } from './claim';
import type { SendResult } from './send';

/** A claimed delivery's request and what came back. */
export interface Outcome {
  delivery: Claimed;
  result: SendResult;
  /** When its request left, by the app's clock. */
  sentAt: Date;
}

/** A receiver's answer as text PostgreSQL takes: it stores no NUL character, in text or in JSON. */
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

/** The webhook-id of an event: the same for every retry and every endpoint, so receivers drop repeats. */
export const messageId = (seq: number) => `msg_${seq}`;

/**
 * One statement for the outcomes of the requests finished since the last: the attempts logged
 * (numbered on from the delivery's log, so a resend or replay goes on from its last attempt while
 * its retry schedule starts again), each delivery done, given up or due again after its backoff
 * and no longer in flight, and each endpoint's health: a success clears its failing time, a
 * failure starts it, a 410 switches the endpoint off, three days of failing without a success
 * switch it off too. Switching off pauses the endpoint's pending deliveries (these included, and
 * those of an endpoint a person switched off while they were being sent), so the due queries never
 * walk them; endpoints whose health did not change are not written. An endpoint deleted while its
 * request was under way has no log left to write to.
 */
export async function recordOutcomes(db: Queryable, now: Date, outcomes: Outcome[]) {
  const rows = outcomes.map(({ delivery: d, result: r, sentAt }) => {
    const attempt = d.attempts + 1;
    const ok = r.statusCode !== undefined && r.statusCode >= 200 && r.statusCode < 300;
    const gone = r.statusCode === 410;
    const wait = ok || gone ? null : retryDelayMs(attempt, parseRetryAfter(r.retryAfter, now));
    return {
      id: d.id,
      webhook_id: d.webhookId,
      organization_id: d.organizationId,
      event_type: d.type,
      message_id: messageId(d.seq),
      attempt,
      sent_at: sentAt.toISOString(),
      status_code: r.statusCode ?? null,
      duration_ms: r.durationMs,
      response: r.response === undefined ? null : withoutNul(r.response),
      error: r.error ?? null,
      outcome: ok ? DeliveryStatus.delivered : wait === null ? DeliveryStatus.failed : DeliveryStatus.pending,
      wait_ms: wait,
      ok,
      gone,
    };
  });
  // Never null (a first failure has no failing time yet): it sets the NOT NULL enabled.
  const switchOff = `coalesce(h.gone OR (NOT h.ok AND w.failing_since <= $now - $2::bigint * interval '1 millisecond'), false)`;
  await db.query(
    `WITH r AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id int, webhook_id int, organization_id int, event_type text,
         message_id text, attempt int, sent_at timestamptz, status_code int, duration_ms int, response text, error text,
         outcome int, wait_ms bigint, ok boolean, gone boolean)),
     health AS (
       SELECT webhook_id, bool_or(ok) AS ok, bool_or(gone) AS gone FROM r GROUP BY webhook_id),
     endpoints AS (
       UPDATE webhooks w SET
              failing_since = CASE WHEN h.ok THEN NULL ELSE coalesce(w.failing_since, $now) END,
              enabled = NOT ${switchOff},
              disabled_at = CASE WHEN ${switchOff} THEN $now ELSE w.disabled_at END,
              disabled_reason = CASE WHEN NOT ${switchOff} THEN w.disabled_reason
                                     WHEN h.gone THEN ${DisabledReason.gone} ELSE ${DisabledReason.failing} END,
              version = w.version + CASE WHEN ${switchOff} THEN 1 ELSE 0 END
         FROM health h
        WHERE w.id = h.webhook_id AND w.enabled
          AND (${switchOff} OR (h.ok AND w.failing_since IS NOT NULL) OR (NOT h.ok AND w.failing_since IS NULL))
       RETURNING w.id, NOT w.enabled AS off),
     delivered AS (
       UPDATE webhook_deliveries d SET attempts = r.attempt, sending_until = NULL,
              status = CASE WHEN r.outcome = ${DeliveryStatus.pending}
                             AND (EXISTS (SELECT 1 FROM endpoints e WHERE e.id = r.webhook_id AND e.off)
                                  OR NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.id = r.webhook_id AND w.enabled))
                            THEN ${DeliveryStatus.paused} ELSE r.outcome END,
              next_at = CASE WHEN r.wait_ms IS NULL THEN d.next_at ELSE $now + r.wait_ms * interval '1 millisecond' END,
              delivered_at = CASE WHEN r.ok THEN $now END
         FROM r WHERE d.id = r.id AND d.id = ANY($3::int[])),
     paused AS (
       UPDATE webhook_deliveries d SET status = ${DeliveryStatus.paused}
         FROM endpoints e
        WHERE e.off AND d.webhook_id = e.id AND d.status = ${DeliveryStatus.pending}
          AND d.id <> ALL (SELECT id FROM r))
     INSERT INTO webhook_attempts(webhook_id, delivery_id, organization_id, event_type, message_id, attempt,
                                  sent_at, attempted_at, status_code, duration_ms, response, error, created_at, updated_at)
     SELECT webhook_id, id, organization_id, event_type, message_id,
            coalesce((SELECT max(a.attempt) FROM webhook_attempts a WHERE a.delivery_id = r.id), 0) + 1,
            sent_at, $now, status_code, duration_ms, response, error, $now, $now
       FROM r WHERE EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.id = r.id)`,
    // The ids once more as an array: the rows of a JSON document are estimated at a hundred, and
    // the delivery table was scanned whole for them.
    [JSON.stringify(rows), FAILING_LIMIT_MS, rows.map((row) => row.id)],
  );
}
