import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogue } from './imports';
import { asUser } from '../helpers/http-api';

type Record = (name: string, value: string) => void;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Events made for the hanging endpoint before the rest starts: each holds a request for the send's timeout. */
const HANGING_EVENTS = 20;
/** One event of the measured organization this often while the import's events are being sent. */
const PACE_MS = 250;
/** The import's events are followed this long at most; the measured ones are waited for this long after. */
const IMPORT_CAP_MS = 180_000;
const ARRIVAL_CAP_MS = 60_000;

interface Receiver {
  url: string;
  /** When the first request of each event (`<resource> <record id>`) arrived. */
  arrivals: Map<string, number>;
  requests: () => number;
  close(): Promise<void>;
}

/** A receiver on 127.0.0.1 answering 200 at once, or never (`hang`: the dispatcher's send times out). */
async function receiver(hang = false): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  let requests = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests += 1;
      const { data } = JSON.parse(body) as { data: { resource: string; id: number } };
      const key = `${data.resource} ${data.id}`;
      if (!arrivals.has(key)) arrivals.set(key, performance.now());
      if (!hang) response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Webhooks fair to every customer (issue 37): one organization's event, made every 250 ms, timed from
 * its commit (the answer) to its first attempt reaching the receiver, while a second organization's
 * endpoint never answers (each of its requests held until the send's timeout) and a 10,000-product
 * import (10,000 products and 10,000 SKUs) fans its events out to a third organization's endpoint.
 * Measured from the import's start until that endpoint has every event of it. The server must run
 * with WEBHOOK_ALLOW_PRIVATE=true.
 */
export async function webhookFairnessBench(url: string, token: string, record: Record) {
  const call = asUser(url, token);
  const organizations = (await call('GET', '/organizations?pageSize=50&sort=id')).data.rows as {
    id: number;
    organizationCode: string;
  }[];
  // The import's file names HD001; the two others are any two more.
  const importing = organizations.find((o) => o.organizationCode === 'HD001')!.id;
  const [hangingOrg, measuredOrg] = organizations.filter((o) => o.id !== importing).map((o) => o.id);
  const address = async (organizationId: number) => {
    const reply = await call('POST', '/orders/addresses', {
      organizationId,
      name: 'Dock',
      address: '1 Quay St',
      status: 1,
    });
    if (reply.code !== 20000) throw new Error(`address: ${JSON.stringify(reply)}`);
    return `mallAddresses ${reply.data.id}`;
  };
  const endpoint = async (hooks: Receiver, organizationId: number, events: string[]) => {
    const made = await call('POST', '/system/webhooks', { url: hooks.url, events, organizationId });
    if (made.code !== 20000) throw new Error(`webhook endpoint: ${JSON.stringify(made)}`);
  };

  const hanging = await receiver(true);
  const imported = await receiver();
  const measured = await receiver();
  try {
    await endpoint(hanging, hangingOrg, ['*']);
    await endpoint(imported, importing, ['*']);
    await endpoint(measured, measuredOrg, ['*']);
    const template = await (
      await fetch(`${url}/api/1.0/products/import/template`, { headers: { authorization: token } })
    ).arrayBuffer();
    const file = await catalogue(template);
    for (let i = 0; i < HANGING_EVENTS; i++) await address(hangingOrg);

    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'bench.xlsx');
    let expected = Infinity;
    let answeredAt = 0;
    const importing$ = fetch(`${url}/api/1.0/products/import`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    })
      .then((response) => response.json())
      .then((body: { code: number; message: string; data: { created: { products: number; skus: number } } }) => {
        if (body.code !== 20000) throw new Error(`import: ${body.message}`);
        answeredAt = performance.now();
        expected = body.data.created.products + body.data.created.skus;
      });
    const committed = new Map<string, number>();
    while (imported.arrivals.size < expected && performance.now() - started < IMPORT_CAP_MS) {
      const next = performance.now() + PACE_MS;
      const id = await address(measuredOrg);
      committed.set(id, performance.now());
      await pause(next - performance.now());
    }
    await importing$;
    const importDone = performance.now();
    while (
      [...committed.keys()].some((id) => !measured.arrivals.has(id)) &&
      performance.now() - importDone < ARRIVAL_CAP_MS
    )
      await pause(20);

    const latencies = [...committed]
      .filter(([id]) => measured.arrivals.has(id))
      .map(([id, at]) => measured.arrivals.get(id)! - at);
    const missing = committed.size - latencies.length;
    record(
      `webhook fairness: another organization's first attempt, commit to received, p50 / p95 / max (${committed.size} events, one endpoint hanging, 10,000-product import fanning out)`,
      latencies.length
        ? `${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 95).toFixed(0)} / ${Math.max(...latencies).toFixed(0)} ms` +
            (missing ? `, ${missing} not received within ${ARRIVAL_CAP_MS / 1000} s more` : '')
        : `none received within ${ARRIVAL_CAP_MS / 1000} s`,
    );
    const lastImported = Math.max(...imported.arrivals.values());
    record(
      "webhook fairness: the import answered / its endpoint had its events (of all the import's events)",
      `${((answeredAt - started) / 1000).toFixed(1)} / ${((lastImported - started) / 1000).toFixed(1)} s (${imported.arrivals.size} of ${expected})`,
    );
    record('webhook fairness: requests the hanging endpoint was sent meanwhile', String(hanging.requests()));
  } finally {
    await Promise.all([hanging, imported, measured].map((r) => r.close()));
  }
}
