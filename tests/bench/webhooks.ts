import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asUser } from '../helpers/http-api';

type Record = (name: string, value: string) => void;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/**
 * Webhooks (issue 26): from a change's commit (its answer) to the first attempt reaching a receiver
 * on this machine, one event at a time, then a burst of 1,000 events made 20 at a time, timed until
 * the last of them is received. The server must run with WEBHOOK_ALLOW_PRIVATE=true.
 */
export async function webhooksBench(url: string, token: string, record: Record) {
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const at = performance.now();
      const id = String((JSON.parse(body) as { data: { id: number } }).data.id);
      arrivals.set(id, at);
      waiters.get(id)?.();
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hooksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const call = asUser(url, token);
  try {
    const made = await call('POST', '/system/webhooks', { url: hooksUrl, events: ['ports.created'] });
    if (made.code !== 20000) throw new Error(`webhook endpoint: ${JSON.stringify(made)}`);
    const countryId = (await call('GET', '/config/countries?code=CHN')).data.rows[0].id as number;
    const port = async (prefix: string, i: number) => {
      const reply = await call('POST', '/config/ports', {
        countryId,
        code: `${prefix}${i.toString(36).toUpperCase().padStart(3, '0')}`,
        nameCn: '港',
        nameEn: `Bench ${prefix} ${i}`,
        status: 1,
      });
      if (reply.code !== 20000) throw new Error(`port: ${JSON.stringify(reply)}`);
      return String(reply.data.id);
    };

    const latencies: number[] = [];
    for (let i = 0; i < 100; i++) {
      const id = await port('WL', i);
      const committed = performance.now();
      if (!arrivals.has(id)) await new Promise<void>((resolve) => waiters.set(id, resolve));
      latencies.push(arrivals.get(id)! - committed);
    }
    record(
      'webhook: commit to first attempt, one event at a time (p50 / p95, 100 events)',
      `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 95).toFixed(1)} ms`,
    );

    const burst = 1000;
    const started = performance.now();
    const ids: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < burst) ids.push(await port('WB', next++));
      }),
    );
    const allCommitted = performance.now();
    await Promise.all(
      ids.map((id) => (arrivals.has(id) ? undefined : new Promise<void>((resolve) => waiters.set(id, resolve)))),
    );
    const last = Math.max(...ids.map((id) => arrivals.get(id)!));
    record(
      'webhook: burst of 1,000 events (made 20 at a time): all committed / all received',
      `${(allCommitted - started).toFixed(0)} / ${(last - started).toFixed(0)} ms`,
    );
    record(
      'webhook: burst, last commit to last delivery received',
      `${Math.max(0, last - allCommitted).toFixed(0)} ms`,
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
