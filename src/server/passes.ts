/**
 * One pass of background work at a time (a dispatcher's, a worker's, a reader's): a wake-up during
 * a pass causes exactly one more after it, so a burst of commits costs a few passes, never a pile
 * of concurrent ones. A pass answering true asks for another at once (its batch was full).
 */
export class Passes {
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(private readonly pass: () => Promise<boolean | void>) {}

  wake() {
    if (this.stopped) return;
    this.again = true;
    this.running ??= (async () => {
      try {
        while (this.again && !this.stopped) {
          this.again = false;
          if (await this.pass()) this.again = true;
        }
      } finally {
        this.running = undefined;
      }
    })();
  }

  /** Whether a pass is under way: tests wait for the work to be idle. */
  get busy() {
    return this.running !== undefined;
  }

  /** One more pass, and every one it asks for: resolves when they are done (a report waits for fresh work). */
  async flush() {
    this.wake();
    while (this.running) await this.running;
  }

  /** No pass after this one; resolves when the one under way has finished. */
  async stop() {
    this.stopped = true;
    await this.running;
  }
}
