import { API_BASE, http } from '../providers/http';

/** One change as the stream tells it: records of one resource changed within the server's merge window. */
export interface StreamChange {
  resource: string;
  /** The last event's type (`inbound.confirmed`, `products.updated`). */
  type: string;
  seq: number;
  ids: string[];
  /** More records changed than `ids` names. */
  more?: boolean;
  by: { id: number; name: string; apiKey?: { id: number; name: string } } | null;
}

type Listener = (changes: StreamChange[] | 'reset') => void;

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * The tab's one live stream (GET /live): opened with a fresh single-use ticket each time, since an
 * EventSource cannot send the Authorization header and its own reconnect would reuse a spent
 * ticket. A drop is retried with backoff, resuming after the last id received, so nothing is missed.
 */
export class LiveConnection {
  private source: EventSource | undefined;
  private lastId: string | undefined;
  private retryMs = RETRY_FIRST_MS;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;

  constructor(private readonly listener: Listener) {}

  start() {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  /** Signed out: no stream, and the next session starts afresh. */
  stop() {
    this.running = false;
    clearTimeout(this.timer);
    this.source?.close();
    this.source = undefined;
    this.lastId = undefined;
  }

  private async connect() {
    let ticket: string;
    try {
      ({ ticket } = await http.post<{ ticket: string }>('/live/ticket', undefined, { silent: true, notify: false }));
    } catch {
      return this.retry();
    }
    if (!this.running) return;
    const query = new URLSearchParams({ ticket, ...(this.lastId && { lastEventId: this.lastId }) });
    const source = new EventSource(`${API_BASE}/live?${query}`);
    this.source = source;
    const follow = (event: MessageEvent) => {
      if (event.lastEventId) this.lastId = event.lastEventId;
      this.retryMs = RETRY_FIRST_MS;
    };
    source.addEventListener('ready', follow);
    source.addEventListener('changes', (event) => {
      follow(event);
      this.listener(JSON.parse(event.data) as StreamChange[]);
    });
    source.addEventListener('reset', (event) => {
      follow(event);
      this.listener('reset');
    });
    source.onerror = () => {
      source.close();
      if (this.source === source) this.retry();
    };
  }

  private retry() {
    if (!this.running) return;
    this.source = undefined;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }
}
