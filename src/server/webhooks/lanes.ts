import { PER_ENDPOINT, type Claimed } from './claim';

interface Lane {
  waiting: Claimed[];
  sending: number;
}

/**
 * The deliveries this instance has claimed, one lane per endpoint: each lane sends its deliveries in
 * the order they were claimed, at most PER_ENDPOINT at once, and the next one leaves as soon as one
 * ends, without waiting for the dispatcher's next pass (on the embedded database a pass is a few
 * milliseconds of statements, and a request per pass would make that an endpoint's pace).
 */
export class Lanes {
  private readonly lanes = new Map<number, Lane>();
  private readonly requests = new Set<Promise<void>>();
  private held = 0;

  /** `send` makes one delivery's request and keeps its outcome; it never rejects. */
  constructor(private readonly send: (delivery: Claimed) => Promise<void>) {}

  /** Deliveries held here, waiting or under way. */
  get size() {
    return this.held;
  }

  add(deliveries: Claimed[]) {
    for (const delivery of deliveries) {
      let lane = this.lanes.get(delivery.webhookId);
      if (!lane) this.lanes.set(delivery.webhookId, (lane = { waiting: [], sending: 0 }));
      lane.waiting.push(delivery);
      this.held += 1;
    }
    for (const id of new Set(deliveries.map((delivery) => delivery.webhookId))) this.pump(id);
  }

  /** Takes back what is still waiting (the dispatcher stops): the requests under way go on. */
  takeWaiting(): Claimed[] {
    const waiting = [...this.lanes.values()].flatMap((lane) => lane.waiting.splice(0));
    this.held -= waiting.length;
    return waiting;
  }

  /** Resolves once no request is under way. */
  async drained() {
    while (this.requests.size) await Promise.all(this.requests);
  }

  private pump(id: number) {
    const lane = this.lanes.get(id)!;
    while (lane.sending < PER_ENDPOINT && lane.waiting.length) {
      lane.sending += 1;
      const request = this.send(lane.waiting.shift()!).then(() => {
        lane.sending -= 1;
        this.held -= 1;
        this.requests.delete(request);
        if (lane.sending || lane.waiting.length) this.pump(id);
        else this.lanes.delete(id);
      });
      this.requests.add(request);
    }
  }
}
