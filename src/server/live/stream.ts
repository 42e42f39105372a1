import type { SSEReplyInterface } from '@fastify/sse';

/**
 * What a browser hears of one event. `by` names who made the change ("changed by X"), and the API
 * key when a customer's system made it on its creator's behalf ("changed by API key shop-sync").
 */
export interface LiveChange {
  seq: number;
  type: string;
  resource: string;
  id: string | null;
  by: { id: number; name: string; apiKey?: { id: number; name: string } } | null;
}

/** The changes to one resource within one window, as one item of a message. */
interface Group {
  resource: string;
  type: string;
  seq: number;
  ids: string[];
  /** More records changed than `ids` names (the latest MAX_IDS): the client refreshes the resource whole, as it would anyway. */
  more?: true;
  by: LiveChange['by'];
}

/** Ids named per resource and message; a bill run's 500 bills make one refresh, not a 500-id list. */
const MAX_IDS = 50;

/**
 * One open stream (a browser tab) and what it has yet to be told. Changes are merged per resource
 * within a window: the first after a quiet spell goes at once, later ones wait for the window to
 * end and leave as one message, so a burst of a thousand events is a few messages, not a thousand
 * refreshes. Each message's id is the hub's position, the outbox sequence up to which this viewer
 * has been told everything, which a reconnect sends back as Last-Event-ID.
 */
export class LiveStream {
  private pending = new Map<string, Group>();
  private position = 0;
  private lastSent = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing = false;
  /** While a resumed stream replays, live changes wait here; those the replay sent are dropped. */
  private held: { changes: LiveChange[]; position: number }[] | undefined = [];
  private readonly closers: (() => void)[] = [];
  closed = false;

  constructor(
    private readonly sse: SSEReplyInterface,
    readonly session: { jti: string; userId: number },
    private readonly windowMs: number,
  ) {
    sse.onClose(() => this.end());
  }

  /** Changes the viewer may see, and the position they bring the stream to. */
  push(changes: LiveChange[], position: number) {
    if (this.closed) return;
    if (this.held) {
      this.held.push({ changes, position });
      return;
    }
    for (const change of changes) this.merge(change);
    this.position = Math.max(this.position, position);
    if (changes.length) this.schedule();
  }

  /** Starts the stream: the replayed changes (if resumed), then what came meanwhile, then live. */
  open(replayed: LiveChange[], position: number, reset: boolean) {
    const held = this.held ?? [];
    this.held = undefined;
    const sent = new Set(replayed.map((c) => c.seq));
    this.position = position;
    if (reset) void this.write({ id: String(position), event: 'reset', data: {} });
    for (const change of replayed) this.merge(change);
    for (const batch of held)
      this.push(
        batch.changes.filter((c) => !sent.has(c.seq)),
        batch.position,
      );
    if (this.pending.size) this.flush();
    // Tells a fresh tab where it stands, so a reconnect right away resumes from here.
    else if (!reset) void this.write({ id: String(this.position), event: 'ready', data: {} });
  }

  onEnd(fn: () => void) {
    this.closers.push(fn);
  }

  end() {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.sse.close();
    for (const fn of this.closers) fn();
  }

  private merge(change: LiveChange) {
    const group = this.pending.get(change.resource);
    if (!group) {
      this.pending.set(change.resource, {
        resource: change.resource,
        type: change.type,
        seq: change.seq,
        ids: change.id === null ? [] : [change.id],
        by: change.by,
        ...(change.id === null && { more: true as const }),
      });
      return;
    }
    group.type = change.type;
    group.seq = Math.max(group.seq, change.seq);
    group.by = change.by;
    if (change.id === null || group.more) group.more = true;
    else if (!group.ids.includes(change.id)) {
      // The latest are named: the record a form has open is the one just changed.
      group.ids.push(change.id);
      if (group.ids.length > MAX_IDS) {
        group.ids.shift();
        group.more = true;
      }
    }
  }

  private schedule() {
    if (this.timer || this.writing) return;
    const wait = this.lastSent + this.windowMs - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  private flush() {
    this.timer = undefined;
    if (this.closed || !this.pending.size || this.writing) return;
    const groups = [...this.pending.values()].sort((a, b) => a.seq - b.seq);
    this.pending.clear();
    this.lastSent = Date.now();
    void this.write({ id: String(this.position), event: 'changes', data: groups });
  }

  private async write(message: { id: string; event: string; data: unknown }) {
    this.writing = true;
    try {
      if (this.sse.isConnected) await this.sse.send(message);
    } catch {
      this.end();
    } finally {
      this.writing = false;
    }
    if (this.pending.size) this.schedule();
  }
}
