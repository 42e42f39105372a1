import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../db/clock';
import type { Db } from '../db/types';
import type { Outbox } from '../outbox/bus';
import { DeliveryStatus } from '../../domain/webhooks';
import { sendWebhook, type SendResult } from './send';
import { signedHeaders } from './sign';
import { Passes } from '../passes';
import type { PolicyStore } from '../access/policy-store';
import { claimDue, type Claimed } from './claim';
import { ENDPOINT_WANTS, makeDeliveries, TAKE_FAN_OUT_BATCH } from './fan-out';
import { messageId, recordOutcomes, type Outcome } from './outcomes';
import { Lanes } from './lanes';
import { pruneOld } from './retention';

/** Events handed to endpoints per statement, and of them each organization's own turn (fan-out.ts). */
const FAN_OUT_BATCH = 500;
const FAN_OUT_TURN = 50;
/** Events dropped from the queue per statement while no endpoint listens. */
const UNHEARD_BATCH = 10_000;
/**
 * Deliveries this instance holds at once, waiting in their lanes or under way (claim.ts shares them
 * out): enough that the endpoints an organization's allowance lets hang leave room for every other.
 */
const HELD = 1000;
/** The oldest $1 events of the fan-out queue no other instance is taking: a batch to drop. */
const OLDEST_QUEUED = 'seq IN (SELECT seq FROM outbox_fanout ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)';
/**
 * The least time from one pass's end to the next one's start: an idle dispatcher looks at once, a
 * busy one takes in one pass all that asked meanwhile (commits, answers). A pass for every commit
 * and every answer kept the embedded database, whose statements hold the event loop, twice as busy
 * as the writes themselves (a burst of 1,000 single-row writes took 2-3x as long) and slowed every
 * answer to the pace of passes.
 */
const PASS_GAP_MS = 5;
/** The longest sleep: due retries are looked for at least this often, whatever the timer missed. */
const MAX_SLEEP_MS = 30_000;
/** Old events and logs are removed at most this often (retention.ts). */
const PRUNE_EVERY_MS = 3_600_000;

/** The body a receiver gets: the Standard Webhooks shape (type, timestamp, data). */
const bodyOf = (d: Claimed) =>
  JSON.stringify({
    type: d.type,
    timestamp: new Date(d.createdAt).toISOString(),
    data: { resource: d.resource, organizationId: d.organizationId, ...d.payload },
  });

/**
 * Hands committed events to webhook endpoints (issues 26, 37) inside the API process. Each pass
 * moves new events from the fan-out queue to one delivery per matching endpoint (one INSERT ...
 * SELECT per batch, each organization's next events beside any backlog), logs the requests ended
 * since the last pass (one statement), and claims due deliveries shared out fairly over endpoints
 * and organizations (claim.ts), under `FOR UPDATE SKIP LOCKED` with a lease, so several instances
 * on one PostgreSQL send each once. The claimed ones wait in their endpoint's lane (lanes.ts), sent
 * in order a few at a time and never waited for by a pass: an endpoint that times out holds its
 * own lane, nobody else's. It wakes on every outbox commit (app.outbox.onCommitted), shortly after
 * requests end, and when the next retry falls due.
 */
export class WebhookDispatcher {
  private readonly passes = new Passes(() => this.drain());
  private stopped = true;
  private timer?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private readonly allowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE === 'true';
  private prunedAt = -Infinity;
  /** The claimed deliveries, sent endpoint by endpoint; and the outcomes the next pass logs. */
  private readonly lanes = new Lanes((delivery) => this.send(delivery));
  private finished: Outcome[] = [];
  /** Whether a pass was asked for during the one under way; the timer of the next; when the last ended. */
  private wanted = false;
  private paced?: NodeJS.Timeout;
  private lastPassEnded = -Infinity;
  /** Whether the fan-out queue may hold events: a commit (here or on another instance) or the timer says so. */
  private queued = true;

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
    this.queued = true;
    this.look();
  }

  /**
   * Another pass: at once, unless one is under way or ended less than PASS_GAP_MS ago; then one
   * when that much has passed, for all that asked meanwhile. A request's end frees room in its
   * lane, and the queue need not be read for that.
   */
  private look() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    if (this.passes.busy) this.wanted = true;
    else this.pace();
  }

  private pace() {
    if (this.paced) return;
    const wait = this.lastPassEnded + PASS_GAP_MS - performance.now();
    if (wait <= 0) return this.passes.wake();
    this.paced = setTimeout(() => {
      this.paced = undefined;
      this.look();
    }, wait);
  }

  /** Whether a pass or a request is under way, or an outcome unlogged: tests wait for the dispatcher to be idle. */
  get busy() {
    return this.passes.busy || this.paced !== undefined || this.lanes.size > 0 || this.finished.length > 0;
  }

  /** Finishes the requests under way and logs them; what is left is taken up by the next start (or another instance). */
  async stop() {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    clearTimeout(this.paced);
    await this.passes.stop();
    await this.release(this.lanes.takeWaiting());
    await this.lanes.drained();
    await this.logFinished().catch((error: unknown) =>
      this.log.warn({ err: error }, 'webhooks: logging the last attempts failed'),
    );
  }

  private async drain() {
    try {
      let listening = true;
      let full = true;
      while (full && !this.stopped) {
        full = false;
        if (this.queued) {
          this.queued = false;
          const unheard = await this.dropUnheard();
          listening = unheard === undefined;
          // A batch short of full took all there was: later commits wake another pass. Looking
          // again after every event cost a write three more passes.
          full = listening ? (await this.fanOut()) >= FAN_OUT_BATCH : unheard === UNHEARD_BATCH;
          if (full) this.queued = true;
        }
        await this.logFinished();
        // Sending goes on between fan-out batches: a backlog being handed out waits its turn too.
        if (listening) await this.sendDue();
        // Requests go first between batches: on the embedded database every statement waits its
        // turn, and an import's 20,000 events would otherwise hold its own answer back.
        if (full) await new Promise((resolve) => setImmediate(resolve));
      }
      await this.pruneWhenDue();
      // A pass asked for during this one (a commit, an answer) follows it and sets the timer: under
      // a stream of commits the query would be asked once per event for nothing.
      if (this.stopped || this.wanted) return;
      // With no endpoint switched on nothing is pending (switching one off pauses its deliveries):
      // only the longest sleep, and the next commit, look again.
      if (listening) await this.sleepUntilDue();
      else this.sleep(MAX_SLEEP_MS);
    } catch (error) {
      // The database is away or a statement failed: the timer looks again, nothing is lost.
      this.log.warn({ err: error }, 'webhooks: dispatching failed');
      this.sleep(MAX_SLEEP_MS);
    } finally {
      this.lastPassEnded = performance.now();
      if (this.wanted && !this.stopped) this.pace();
      this.wanted = false;
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

  /**
   * Until the next delivery falls due. One due already but not claimed waits for its endpoint's or
   * organization's requests under way, whose ends wake a pass (on this instance or the one sending
   * them): waking for it now would only spin.
   */
  private async sleepUntilDue() {
    const [next] = await this.db.query<{ ms: number | null }>(
      `SELECT extract(epoch FROM min(d.next_at) - $now) * 1000 AS ms
         FROM webhook_deliveries d WHERE d.status = ${DeliveryStatus.pending} AND d.next_at > $now`,
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
      const taken = await tx.query<{ seq: number }>(TAKE_FAN_OUT_BATCH, [FAN_OUT_BATCH, FAN_OUT_TURN]);
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

  /**
   * Logs the outcomes of the requests finished since the last pass, in one statement. Outcomes that
   * fail to be logged are not kept to try again (one that can never be written would stop every
   * other): their deliveries' leases run out and they are sent again, with the same webhook-id.
   */
  private async logFinished() {
    if (!this.finished.length) return;
    const outcomes = this.finished;
    this.finished = [];
    await recordOutcomes(this.db, this.clock(), outcomes);
  }

  /** Claims due deliveries for what this instance may hold more, into their endpoints' lanes. */
  private async sendDue() {
    const free = HELD - this.lanes.size;
    if (free > 0 && !this.stopped) this.lanes.add(await claimDue(this.db, free));
  }

  /** One delivery's request; its outcome waits for the next pass, which it asks for. */
  private async send(delivery: Claimed) {
    const sentAt = this.clock();
    let result: SendResult;
    try {
      const body = bodyOf(delivery);
      const headers = signedHeaders(messageId(delivery.seq), sentAt, body, delivery.secrets);
      result = await sendWebhook(delivery.url, headers, body, this.allowPrivate);
    } catch (error) {
      // A request that could not even be made (a header Node refuses) is a failed attempt too.
      result = { durationMs: 0, error: (error as Error).message };
    }
    this.finished.push({ delivery, result, sentAt });
    this.look();
  }

  /** Deliveries claimed but never sent go back, due at once, rather than wait for their lease to run out. */
  private async release(deliveries: Claimed[]) {
    if (!deliveries.length) return;
    await this.db
      .query('UPDATE webhook_deliveries SET sending_until = NULL, next_at = $now WHERE id = ANY($1::int[])', [
        deliveries.map((delivery) => delivery.id),
      ])
      .catch((error: unknown) => this.log.warn({ err: error }, 'webhooks: releasing claimed deliveries failed'));
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
