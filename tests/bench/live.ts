import { SseClient } from '../helpers/sse';

const STREAMS = 200;
const SINGLE_WRITES = 40;
const BURST = 1000;
/** Longer than the server's merge window (250 ms). */
const QUIET_MS = 300;
const BURST_CONCURRENCY = 16;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/**
 * Live screens (issue 26): 200 open streams (raw SSE clients, half staff and half one shipper's, as
 * browser tabs), then single changes one at a time and a burst of 1,000. A change's latency is from
 * the moment its write was acknowledged (the commit) to the moment each stream receives it (negative
 * when the stream heard before the HTTP answer came back). The burst reports when the last stream
 * heard of the last change and how many messages the merging made of the thousand events.
 */
export async function liveBench(url: string, adminToken: string, record: (name: string, value: string) => void) {
  const call = async (method: string, path: string, body?: unknown, token = adminToken) => {
    const response = await fetch(`${url}/api/1.0${path}`, {
      method,
      headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as { code: number; data: any };
  };
  const login = async (username: string, password: string) => {
    const { data } = await call('POST', '/system/users/login', { username, password });
    return `${data.token_type} ${data.access_token}`;
  };
  const shipperToken = await login('shipper', 'shipper123');
  const org = (await call('POST', '/system/users/getInfo', undefined, shipperToken)).data.organizationId as number;

  /** When each stream first heard of each product id. */
  const heard: Map<string, number>[] = [];
  const messages: number[] = [];
  const streams: SseClient[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const token = i % 2 ? shipperToken : adminToken;
    const { data } = await call('POST', '/live/ticket', undefined, token);
    const seen = new Map<string, number>();
    heard.push(seen);
    messages.push(0);
    const stream = await SseClient.open(`${url}/api/1.0/live?ticket=${data.ticket}`, {}, (event) => {
      if (event.event !== 'changes') return;
      messages[i]++;
      const at = performance.now();
      for (const change of JSON.parse(event.data) as { resource: string; ids: string[] }[])
        if (change.resource === 'products') for (const id of change.ids) if (!seen.has(id)) seen.set(id, at);
    });
    streams.push(stream);
    await stream.until((events) => events.length > 0);
  }

  let made = 0;
  const create = async () => {
    const name = `BENCHLIVE${++made}`;
    const reply = await call('POST', '/products', {
      organizationId: org,
      shortName: name,
      nameCn: name,
      chargeUnit: 1,
      hazardousClass: 0,
    });
    if (reply.code !== 20000) throw new Error(`create product: ${reply.code}`);
    return { id: String(reply.data.id), acked: performance.now() };
  };
  const allHeard = (id: string) => Promise.all(streams.map((s, i) => s.until(() => heard[i].has(id))));

  const latencies: number[] = [];
  for (let n = 0; n < SINGLE_WRITES; n++) {
    // Apart by more than the merge window, as one person's changes are: each goes out at once.
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const { id, acked } = await create();
    await allHeard(id);
    for (const seen of heard) latencies.push(seen.get(id)! - acked);
  }
  record(
    `live: commit to stream, ${STREAMS} open streams, one change at a time (p50 / p95 / max)`,
    `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 95).toFixed(1)} / ${Math.max(...latencies).toFixed(1)} ms over ${latencies.length} deliveries`,
  );

  const before = messages.reduce((a, b) => a + b, 0);
  const started = performance.now();
  let begun = 0;
  await Promise.all(
    Array.from({ length: BURST_CONCURRENCY }, async () => {
      while (begun < BURST) {
        begun++;
        await create();
      }
    }),
  );
  const written = performance.now();
  // One more change after the burst: every stream has heard everything once it hears of this one.
  const marker = await create();
  await allHeard(marker.id);
  const tails = heard.map((seen) => seen.get(marker.id)! - marker.acked);
  const burstMessages = (messages.reduce((a, b) => a + b, 0) - before) / STREAMS;
  record(
    `live: burst of ${BURST} changes (${BURST_CONCURRENCY} writers) to ${STREAMS} streams`,
    `written in ${(written - started).toFixed(0)} ms (${((BURST * 1000) / (written - started)).toFixed(0)} changes/s); the change after it reached the streams in p50 ${percentile(tails, 50).toFixed(0)} / p95 ${percentile(tails, 95).toFixed(0)} ms; ${burstMessages.toFixed(1)} messages per stream for ${BURST + 1} changes`,
  );
  for (const stream of streams) stream.close();
}
