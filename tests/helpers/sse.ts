/** One parsed server-sent event. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * A raw server-sent-events client over fetch, as a test or the bench needs one: every byte kept
 * (`raw`) for assertions on what left the server, the events parsed, and a wait for a state of them.
 */
export class SseClient {
  raw = '';
  events: SseEvent[] = [];
  ended = false;
  status = 0;
  private buffer = '';
  private waiters = new Set<() => void>();
  private readonly controller = new AbortController();

  /** Opens the stream; resolves once the answer's head is in (check `status`). */
  static async open(url: string, headers: Record<string, string> = {}, onEvent?: (event: SseEvent) => void) {
    const client = new SseClient();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: client.controller.signal,
    });
    client.status = response.status;
    if (!response.ok || !response.body) {
      client.raw = await response.text();
      client.ended = true;
      return client;
    }
    void client.read(response.body, onEvent);
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>, onEvent?: (event: SseEvent) => void) {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        this.raw += text;
        this.buffer += text;
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const event = parse(block);
          if (!event) continue;
          this.events.push(event);
          onEvent?.(event);
        }
        this.notify();
      }
    } catch {
      // Aborted by close(), or the server ended the stream.
    }
    this.ended = true;
    this.notify();
  }

  private notify() {
    for (const waiter of this.waiters) waiter();
  }

  /** Resolves when `ready(events)` holds, checked after every chunk; rejects if the stream ends first. */
  until<T>(ready: (events: SseEvent[]) => T | undefined | false): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = ready(this.events);
        if (found) {
          this.waiters.delete(check);
          resolve(found);
        } else if (this.ended) {
          this.waiters.delete(check);
          reject(new Error(`stream ended before the awaited event; got:\n${this.raw}`));
        }
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The id the browser would send back as Last-Event-ID: the last one received. */
  get lastId() {
    return this.events.filter((e) => e.id !== undefined).at(-1)?.id;
  }

  close() {
    this.controller.abort();
  }
}

function parse(block: string): SseEvent | undefined {
  const event: SseEvent = { event: 'message', data: '' };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'data') data.push(value);
  }
  if (!data.length && event.id === undefined) return undefined;
  event.data = data.join('\n');
  return event;
}
