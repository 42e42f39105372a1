import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../db/clock';
import type { Db } from '../db/types';
import type { Outbox } from '../outbox/bus';
import { DeliveryStatus, DisabledReason, FAILING_LIMIT_MS, parseRetryAfter, retryDelayMs } from '../../domain/webhooks';
import { sendWebhook, type SendResult } from './send';
import { signedHeaders } from './sign';
import { Passes } from '../passes';
import type { PolicyStore } from '../access/policy-store';
import { ENDPOINT_WANTS, makeDeliveries } from './fan-out';
import { pruneOld } from './retention';

/** Events handed to endpoints per statement, and deliveries sent at once. */
const FAN_OUT_BATCH = 500;
/** Events dropped from the queue per statement while no endpoint listens. */
const UNHEARD_BATCH = 10_000;
const SEND_BATCH = 50;
/** The oldest $1 events of the fan-out queue no other instance is taking: a batch to take off it. */
const OLDEST_QUEUED = 'seq IN (SELECT seq FROM outbox_fanout ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)';
/** A claimed delivery is not taken by another instance for this long: more than a send's 15 s timeout. */
const LEASE_SECONDS = 60;
/** A rotated-out secret still signs for a day. */
const PREVIOUS_SECRET_HOURS = 24;
/** The longest sleep: due retries are looked for at least this often, whatever the timer missed. */
const MAX_SLEEP_MS = 30_000;
/** Old events and logs are removed at most this often (retention.ts). */
const PRUNE_EVERY_MS = 3_600_000;

interface Claimed {
  id: number;
  webhookId: number;
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

/** The body a receiver gets: the Standard Webhooks shape (type, timestamp, data). */
const bodyOf = (d: Claimed) =>
  JSON.stringify({
    type: d.type,
    timestamp: new Date(d.createdAt).toISOString(),
    data: { resource: d.resource, organizationId: d.organizationId, ...d.payload },
  });

/** The webhook-id of an event: the same for every retry and every endpoint, so receivers drop repeats. */
const messageId = (seq: number) => `msg_${seq}`;

/**
 * Hands committed events to webhook endpoints (issue 26) inside the API process. Each pass moves
 * new events from the fan-out queue to one delivery per matching endpoint (one INSERT ... SELECT
 * per batch), then sends the due deliveries, claimed under `FOR UPDATE SKIP LOCKED` with a lease, so
 * several instances on one PostgreSQL send each once; results are written per batch. It wakes on
 * every outbox commit (app.outbox.onCommitted), and sleeps until the next retry falls due.
 */
export class WebhookDispatcher {
  private readonly passes = new Passes(() => this.drain());
  private stopped = true;
  private timer?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private readonly allowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE === 'true';
  private prunedAt = -Infinity;

  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly policy: Pick<PolicyStore, 'allows'>,
  ) {}

  start() {
    this.stopped = false;
    this.unsubscribe = this.outbox.onCommitted(() => this.wake());
    this.wake();
  }

  /** Looks for work now (an event committed, the clock moved in a test); a call while working looks again after. */
  wake() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.passes.wake();
  }

  /** Whether a pass is under way: tests wait for the dispatcher to be idle. */
  get busy() {
    return this.passes.busy;
  }

  /** Finishes the sends under way; what is left is taken up by the next start (or another instance). */
  async stop() {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    await this.passes.stop();
  }

  private async drain() {
    try {
      let listening = true;
      let full = true;
      while (full && !this.stopped) {
        const unheard = await this.dropUnheard();
        listening = unheard === undefined;
        if (!listening) {
          full = unheard === UNHEARD_BATCH;
          continue;
        }
        const fanned = await this.fanOut();
        const sent = await this.sendDue();
        // A batch short of full took all there was: what a pass fans out it also sends, and later
        // commits wake another pass. Looking again after every event cost a write three more passes.
        full = fanned === FAN_OUT_BATCH || sent === SEND_BATCH;
        // Requests go first between batches: on the embedded database every statement waits its
        // turn, and an import's 20,000 events would otherwise hold its own answer back.
        if (full) await new Promise((resolve) => setImmediate(resolve));
      }
      await this.pruneWhenDue();
      // With no endpoint switched on nothing is pending (switching one off pauses its deliveries):
      // only the longest sleep, and the next commit, look again.
      if (this.stopped) return;
      if (listening) await this.sleepUntilDue();
      else this.sleep(MAX_SLEEP_MS);
    } catch (error) {
      // The database is away or a statement failed: the timer looks again, nothing is lost.
      this.log.warn({ err: error }, 'webhooks: dispatching failed');
      this.sleep(MAX_SLEEP_MS);
    }
  }

  /** Old events and logs go once an hour of the app's clock, in chunks until none is left. */
  private async pruneWhenDue() {
    const now = this.clock().getTime();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    let removed = 1;
    while (removed > 0 && !this.stopped) removed = await pruneOld(this.db);
  }

  private sleep(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.max(0, Math.min(ms, MAX_SLEEP_MS)));
    this.timer.unref();
  }

  private async sleepUntilDue() {
    const [next] = await this.db.query<{ ms: number | null }>(
      `SELECT extract(epoch FROM min(d.next_at) - $now) * 1000 AS ms
         FROM webhook_deliveries d WHERE d.status = ${DeliveryStatus.pending}`,
    );
    this.sleep(next.ms === null ? MAX_SLEEP_MS : Number(next.ms));
  }

  /**
   * While no endpoint is switched on, nobody is to hear of the queued events: one statement drops a
   * batch of them and tells whether that was so, checked in the same statement so an endpoint
   * switched on meanwhile keeps every event after it. Answers how many were dropped, or undefined
   * when an endpoint listens. A write's commit costs this one statement, not a pass of the queue.
   */
  private async dropUnheard(): Promise<number | undefined> {
    const [{ listening, dropped }] = await this.db.query<{ listening: boolean; dropped: number }>(
      `WITH l AS (SELECT EXISTS (SELECT 1 FROM webhooks WHERE enabled) AS listening),
       d AS (DELETE FROM outbox_fanout WHERE NOT (SELECT listening FROM l) AND ${OLDEST_QUEUED} RETURNING seq)
       SELECT (SELECT listening FROM l) AS listening, (SELECT count(*) FROM d)::int AS dropped`,
      [UNHEARD_BATCH],
    );
    return listening ? undefined : dropped;
  }

  /**
   * Takes a batch of new events off the queue and makes a delivery for each enabled endpoint that
   * wants it and may hear of it (fan-out.ts), in one transaction: an event is taken once, and only
   * with its deliveries. An endpoint being switched off is waited for and read again: its pending
   * deliveries are paused in that transaction, and none may be added beside them after it.
   */
  private async fanOut(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const taken = await tx.query<{ seq: number }>(
        `DELETE FROM outbox_fanout WHERE ${OLDEST_QUEUED} RETURNING seq::float8 AS seq`,
        [FAN_OUT_BATCH],
      );
      if (taken.length)
        await makeDeliveries(tx, this.policy, {
          from: `unnest($1::bigint[]) AS b(seq) JOIN outbox o ON o.seq = b.seq
                 JOIN webhooks w ON w.enabled AND ${ENDPOINT_WANTS} FOR SHARE OF w`,
          params: [taken.map((row) => row.seq)],
          onConflict: 'DO NOTHING',
        });
      return taken.length;
    });
  }

  /** Claims the due deliveries (a switched-off endpoint's are paused, not pending), sends them at once and records what came back. */
  private async sendDue(): Promise<number> {
    const claimed = await this.db.query<Claimed>(
      `WITH claimed AS (
         UPDATE webhook_deliveries d SET next_at = $now + make_interval(secs => $2)
          WHERE d.id IN (
            SELECT d2.id FROM webhook_deliveries d2
             WHERE d2.status = ${DeliveryStatus.pending} AND d2.next_at <= $now
             ORDER BY d2.next_at LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING d.id, d.webhook_id, d.seq, d.attempts)
       SELECT c.id, c.webhook_id AS "webhookId", c.attempts, w.url,
              array_remove(ARRAY[w.secret, CASE WHEN w.rotated_at > $now - make_interval(hours => $3) THEN w.previous_secret END], NULL) AS secrets,
              o.organization_id AS "organizationId", o.seq::float8 AS seq, o.type, o.resource, o.payload,
              o.created_at AS "createdAt"
         FROM claimed c JOIN webhooks w ON w.id = c.webhook_id JOIN outbox o ON o.seq = c.seq`,
      [SEND_BATCH, LEASE_SECONDS, PREVIOUS_SECRET_HOURS],
    );
    if (!claimed.length) return 0;
    const results = await Promise.all(
      claimed.map((d) => {
        const body = bodyOf(d);
        return sendWebhook(
          d.url,
          signedHeaders(messageId(d.seq), this.clock(), body, d.secrets),
          body,
          this.allowPrivate,
        );
      }),
    );
    await this.record(claimed, results);
    return claimed.length;
  }

  /**
   * One statement for a batch's outcomes: the attempts logged, each delivery done, given up or due
   * again after its backoff, and each endpoint's health: a success clears its failing time, a
   * failure starts it, a 410 switches the endpoint off, three days of failing without a success
   * switch it off too. Switching off pauses the endpoint's pending deliveries (the batch's own
   * included, and those of an endpoint a person switched off while they were being sent), so the
   * due queries never walk them; endpoints whose health did not change are not written.
   */
  private async record(claimed: Claimed[], results: SendResult[]) {
    const now = this.clock();
    const rows = claimed.map((d, i) => {
      const r = results[i];
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
        status_code: r.statusCode ?? null,
        duration_ms: r.durationMs,
        response: r.response ?? null,
        error: r.error ?? null,
        outcome: ok ? DeliveryStatus.delivered : wait === null ? DeliveryStatus.failed : DeliveryStatus.pending,
        wait_ms: wait,
        ok,
        gone,
      };
    });
    // Never null (a first failure has no failing time yet): it sets the NOT NULL enabled.
    const switchOff = `coalesce(h.gone OR (NOT h.ok AND w.failing_since <= $now - $2::bigint * interval '1 millisecond'), false)`;
    await this.db.query(
      `WITH r AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id int, webhook_id int, organization_id int, event_type text,
           message_id text, attempt int, status_code int, duration_ms int, response text, error text, outcome int,
           wait_ms bigint, ok boolean, gone boolean)),
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
         UPDATE webhook_deliveries d SET attempts = r.attempt,
                status = CASE WHEN r.outcome = ${DeliveryStatus.pending}
                               AND (EXISTS (SELECT 1 FROM endpoints e WHERE e.id = r.webhook_id AND e.off)
                                    OR NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.id = r.webhook_id AND w.enabled))
                              THEN ${DeliveryStatus.paused} ELSE r.outcome END,
                next_at = CASE WHEN r.wait_ms IS NULL THEN d.next_at ELSE $now + r.wait_ms * interval '1 millisecond' END,
                delivered_at = CASE WHEN r.ok THEN $now END
           FROM r WHERE d.id = r.id),
       paused AS (
         UPDATE webhook_deliveries d SET status = ${DeliveryStatus.paused}
           FROM endpoints e
          WHERE e.off AND d.webhook_id = e.id AND d.status = ${DeliveryStatus.pending}
            AND d.id <> ALL (SELECT id FROM r))
       INSERT INTO webhook_attempts(webhook_id, delivery_id, organization_id, event_type, message_id, attempt,
                                    attempted_at, status_code, duration_ms, response, error, created_at, updated_at)
       SELECT webhook_id, id, organization_id, event_type, message_id, attempt, $now, status_code, duration_ms,
              response, error, $now, $now FROM r`,
      [JSON.stringify(rows), FAILING_LIMIT_MS],
    );
  }
}

const dispatchers = new WeakMap<Db, WebhookDispatcher>();

/** The one dispatcher of an app (by its database handle): the app starts and stops it, tests wake it after moving the clock. */
export function webhookDispatcher(
  db: Db,
  outbox?: Outbox,
  clock?: Clock,
  log?: FastifyBaseLogger,
  policy?: Pick<PolicyStore, 'allows'>,
) {
  let dispatcher = dispatchers.get(db);
  if (!dispatcher) {
    if (!outbox || !clock || !log || !policy) throw new Error('webhooks: no dispatcher for this database');
    dispatchers.set(db, (dispatcher = new WebhookDispatcher(db, outbox, clock, log, policy)));
  }
  return dispatcher;
}
