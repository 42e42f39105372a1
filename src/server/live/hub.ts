import type { PolicyStore } from '../access/policy-store';
import type { Db } from '../db/types';
import { viewerOf } from '../engine/scope';
import type { Outbox, OutboxEvent } from '../outbox/bus';
import type { LiveChange, LiveStream } from './stream';
import { audienceKey, customerVisible, visibleTo, type Audience } from './visibility';
import { Passes } from '../passes';

/** The user a stream speaks for, as the engine's scope reads one; replaced whole when it changes. */
export interface StreamUser {
  id: number;
  roles: string[];
  organizationId: number | null;
}

/** Rows read per step: a burst larger than this is read in several. */
const READ_LIMIT = 1000;
/** Events a resumed stream is sent at most; further behind, it is told to read everything again. */
const REPLAY_LIMIT = 2000;
/**
 * How long a gap in the sequence is awaited: on PostgreSQL a transaction that took an earlier seq
 * may commit after a later one. Past this it is taken for a rolled-back one (a seq never used).
 */
const STRAGGLER_MS = 10_000;
/** Unknown seqs followed at most: a gap wider than this (a huge rollback) is not awaited. */
const MAX_HOLES = 1000;

const EVENT_COLUMNS = `seq::float8 AS seq, type, organization_id AS "organizationId", resource,
  record_id AS "recordId", user_id AS "userId", api_key_id AS "apiKeyId", payload, created_at AS "createdAt"`;

/** Changes to sessions, accounts and managed organizations may end a stream or change what it sees. */
const WHO_TABLES = new Set(['sessions', 'users', 'user_organizations']);

/**
 * The live screens' one reader of the outbox, per instance: woken after every commit that wrote
 * events (this instance's at once, other instances' through PostgreSQL's notification), it reads
 * what is new once and hands each open stream what its viewer may see, deciding once per distinct
 * audience (roles and organizations), not once per stream.
 */
export class LiveHub {
  private readonly streams = new Map<LiveStream, StreamUser>();
  private position = 0;
  /** Seqs skipped over, awaited until STRAGGLER_MS after they were noticed. */
  private readonly holes = new Map<number, number>();
  private started: Promise<void> | undefined;
  private readonly reads = new Passes(() =>
    this.readNew().catch(() => {
      // A failed read (lost connection) is tried again at the next commit; the position did not move.
    }),
  );
  private recheckPending = false;
  private readonly names = new Map<number, string>();
  private readonly keyNames = new Map<number, string>();
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly policy: PolicyStore,
    private readonly outbox: Outbox,
  ) {}

  /** Where every stream of this instance stands: all seqs up to it are read (or given up on). */
  get settled() {
    return this.holes.size ? Math.min(...this.holes.keys()) - 1 : this.position;
  }

  private start() {
    return (this.started ??= (async () => {
      this.stops.push(this.outbox.onCommitted(() => this.wake()));
      this.stops.push(
        this.db.onChange((table) => {
          if (table === 'users' || table === null) this.names.clear();
          if (table === null || WHO_TABLES.has(table)) this.recheckSoon();
        }),
      );
      this.position = await this.outbox.lastSeq();
    })());
  }

  async add(stream: LiveStream, user: StreamUser) {
    await this.start();
    this.streams.set(stream, user);
    stream.onEnd(() => this.streams.delete(stream));
  }

  close() {
    for (const stop of this.stops) stop();
    for (const stream of [...this.streams.keys()]) stream.end();
  }

  /** One read at a time; a wake-up during one causes one more, so a burst of commits costs few reads. */
  private wake() {
    this.reads.wake();
  }

  private async readNew() {
    const now = Date.now();
    for (const [seq, noticed] of this.holes) if (now - noticed > STRAGGLER_MS) this.holes.delete(seq);
    const rows = await this.db.query<OutboxEvent>(
      `SELECT ${EVENT_COLUMNS} FROM outbox WHERE seq > $1 OR seq = ANY($2::bigint[]) ORDER BY seq LIMIT $3`,
      [this.position, [...this.holes.keys()], READ_LIMIT],
    );
    const fresh: OutboxEvent[] = [];
    for (const row of rows) {
      if (row.seq <= this.position) {
        if (this.holes.delete(row.seq)) fresh.push(row);
        continue;
      }
      for (let gap = this.position + 1; gap < row.seq && this.holes.size < MAX_HOLES; gap++) this.holes.set(gap, now);
      this.position = row.seq;
      fresh.push(row);
    }
    await this.deliver(fresh);
    // A full batch: more are waiting.
    return rows.length === READ_LIMIT;
  }

  /** Each stream's share of a batch, and the position it brings it to (sent even when its share is empty). */
  private async deliver(events: OutboxEvent[]) {
    const position = this.settled;
    if (!this.streams.size) return;
    const changes = events.length ? await this.changesOf(events) : new Map<OutboxEvent, LiveChange>();
    const customers = events.length ? await customerVisible(this.db, events) : new Map<string, Set<string>>();
    const shares = new Map<string, Promise<LiveChange[]>>();
    for (const [stream, user] of this.streams) {
      const audience: Audience = { roles: user.roles, viewer: await viewerOf(this.db, this.policy, user) };
      const key = audienceKey(audience);
      let share = shares.get(key);
      if (!share) {
        share = visibleTo(this.policy, audience, events, customers).then((seen) => seen.map((e) => changes.get(e)!));
        shares.set(key, share);
      }
      stream.push(await share, position);
    }
  }

  /**
   * What the browser is told of each event, with the name of who made it and of the key it was
   * made with (each read once per instance; a renamed user or key shows its new name once the
   * names are read again).
   */
  private async changesOf(events: OutboxEvent[]): Promise<Map<OutboxEvent, LiveChange>> {
    await this.learnNames(
      this.names,
      'users',
      events.map((e) => e.userId),
    );
    await this.learnNames(
      this.keyNames,
      'api_keys',
      events.map((e) => e.apiKeyId),
    );
    return new Map(
      events.map((e) => [
        e,
        {
          seq: e.seq,
          type: e.type,
          resource: e.resource,
          id: e.recordId,
          by:
            e.userId === null
              ? null
              : {
                  id: e.userId,
                  name: this.names.get(e.userId) ?? '',
                  ...(e.apiKeyId !== null && { apiKey: { id: e.apiKeyId, name: this.keyNames.get(e.apiKeyId) ?? '' } }),
                },
        },
      ]),
    );
  }

  private async learnNames(known: Map<number, string>, table: 'users' | 'api_keys', ids: (number | null)[]) {
    const unknown = [...new Set(ids.filter((id): id is number => id !== null))].filter((id) => !known.has(id));
    if (!unknown.length) return;
    const rows = await this.db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table} WHERE id = ANY($1)`, [
      unknown,
    ]);
    if (known.size > 10_000) known.clear();
    for (const row of rows) known.set(row.id, row.name);
  }

  /**
   * What a resumed stream missed after `afterSeq`, as its viewer may see it: read from the outbox
   * (any instance wrote it), a customer's through the organization index. Further behind than
   * REPLAY_LIMIT events: `reset`, and the browser reads everything again.
   */
  async missed(user: StreamUser, afterSeq: number): Promise<{ changes: LiveChange[]; reset: boolean }> {
    const viewer = await viewerOf(this.db, this.policy, user);
    const rows = viewer.all
      ? await this.db.query<OutboxEvent>(`SELECT ${EVENT_COLUMNS} FROM outbox WHERE seq > $1 ORDER BY seq LIMIT $2`, [
          afterSeq,
          REPLAY_LIMIT + 1,
        ])
      : await this.db.query<OutboxEvent>(
          `SELECT ${EVENT_COLUMNS} FROM outbox
            WHERE seq > $1 AND (organization_id = ANY($2::int[]) OR organization_id IS NULL) ORDER BY seq LIMIT $3`,
          [afterSeq, viewer.organizationIds, REPLAY_LIMIT + 1],
        );
    if (rows.length > REPLAY_LIMIT) return { changes: [], reset: true };
    const seen = await visibleTo(
      this.policy,
      { roles: user.roles, viewer },
      rows,
      await customerVisible(this.db, rows),
    );
    const changes = await this.changesOf(seen);
    return { changes: seen.map((e) => changes.get(e)!), reset: false };
  }

  /** Sessions, accounts or managed organizations changed: one query over every open stream's session. */
  private recheckSoon() {
    if (this.recheckPending || !this.streams.size) return;
    this.recheckPending = true;
    setImmediate(() => {
      this.recheckPending = false;
      this.recheck().catch(() => undefined);
    });
  }

  private async recheck() {
    const open = [...this.streams.keys()];
    const rows = await this.db.query<StreamUser & { jti: string }>(
      `SELECT s.jti, u.id, u.roles, u.organization_id AS "organizationId"
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.jti = ANY($1) AND s.revoked_at IS NULL AND s.expires_at > $now AND u.status = 1`,
      [open.map((stream) => stream.session.jti)],
    );
    const live = new Map(rows.map(({ jti, ...user }) => [jti, user]));
    for (const stream of open) {
      if (stream.closed) continue;
      const user = live.get(stream.session.jti);
      // A new object: the engine's scope keys what it read of a user on the object itself.
      if (user) this.streams.set(stream, user);
      else stream.end();
    }
  }
}
