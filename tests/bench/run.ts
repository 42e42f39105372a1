import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { listBench } from './lists';
import { startServer } from './server-process';
import { orderBench } from './orders';
import { reportsBench } from './reports';
import { bigStockBench, stockBench } from './stock';
import { tabSwitchBench } from './tabs';
import { financeBench } from './finance';
import { countBench } from './counts';
import { customizeBench } from './customize';
import { browserBench } from './browser';
import { scannerBench } from './scanner';
import { scanRecordsBench } from './scan-records';
import { importBench } from './imports';
import { liveBench } from './live';
import { webhooksBench } from './webhooks';
import { webhookFairnessBench } from './webhook-fairness';
import { busyDayBench } from './busy-day';
import { capacityBench } from './capacity';
import { replicaBench } from './replica';
import { asUser, httpApi } from '../helpers/http-api';

/**
 * `npm run bench`: figures, never assertions. Starts the real server as `npm start` does (PGlite in a
 * new data dir, or DATABASE_URL) and prints one table.
 */
const rows: [string, string][] = [];
const record = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`${name}: ${value}`);
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

// BENCH_ONLY=lists runs the 1M-row list comparison alone (the longest part); BENCH_ONLY=browser
// the Chromium figures alone (first load, login form, tab switch, the scanner screen's load and
// camera-to-count time), for whoever works on the web app;
// BENCH_ONLY=orders the mall's concurrent checkouts and approvals alone; BENCH_ONLY=imports the
// import of a 10,000-product catalogue alone; BENCH_ONLY=live the live screens' streams alone;
// BENCH_ONLY=webhooks the webhook dispatcher's latency, a burst of 1,000 events and the fairness
// scenario alone; BENCH_ONLY=webhook-fairness another organization's latency while one endpoint
// hangs and a 10,000-product import fans out, alone;
// BENCH_ONLY=busy issue 31's busy day on PostgreSQL alone (BENCH_BUSY_SECONDS, BENCH_BUSY_PRODUCTS, ...);
// BENCH_ONLY=capacity the users served with p95 under 300 ms alone (BENCH_CAPACITY_SECONDS a step);
// BENCH_ONLY=replica the busy day with and without a streaming replica alone (BENCH_REPLICA_SECONDS);
// BENCH_ONLY=counts a cycle count of 100,000 lots alone (plan and start, scans, submit, approve);
// BENCH_ONLY=customize an admin's added field on 1M PostgreSQL rows, seen by a second instance (issue 40).
if (process.env.BENCH_ONLY === 'browser') await browserOnly();
else if (process.env.BENCH_ONLY === 'imports') await importBench(record);
else if (process.env.BENCH_ONLY === 'counts') await countBench(record);
else if (process.env.BENCH_ONLY === 'customize') await customizeBench(record);
else if (process.env.BENCH_ONLY === 'orders') await ordersOnly();
else if (process.env.BENCH_ONLY === 'live') await liveOnly();
else if (process.env.BENCH_ONLY === 'webhooks') await webhooksOnly(webhooksBench, webhookFairnessBench);
else if (process.env.BENCH_ONLY === 'webhook-fairness') await webhooksOnly(webhookFairnessBench);
else if (process.env.BENCH_ONLY === 'busy') await busyDayBench(record);
else if (process.env.BENCH_ONLY === 'capacity') await capacityBench(record);
else if (process.env.BENCH_ONLY === 'replica') await replicaBench(record);
else {
  if (process.env.BENCH_ONLY !== 'lists') await appBench();
  await listBench(record);
  if (process.env.BENCH_ONLY !== 'lists') {
    await busyDayBench(record);
    await capacityBench(record);
    await replicaBench(record);
  }
}

console.log('\n| measure | value |\n|---|---|');
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);

async function appBench() {
  // Built first, as `npm start` does: the servers below run the server bundle and serve the web
  // app, whose files are what the first load is counted from.
  execSync('node scripts/build-if-changed.mjs', { stdio: 'inherit' });

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const env: Record<string, string> = process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL }
    : { DATA_DIR: dataDir };

  const cold = await startServer(env, { bundled: true });
  record('cold start, empty data dir (migrate + seed)', `${cold.ms.toFixed(0)} ms`);
  await cold.stop();
  const server = await startServer(env, { bundled: true });
  record('warm restart (node scripts/start.mjs, as npm start without npm)', `${server.ms.toFixed(0)} ms`);
  const docsFrom = performance.now();
  await fetch(`${server.url}/api/docs/openapi.json`);
  record('OpenAPI document, built on its first request', `${(performance.now() - docsFrom).toFixed(0)} ms`);

  const login = async () => {
    const t0 = performance.now();
    const response = await fetch(`${server.url}/api/1.0/system/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const body = (await response.json()) as { data: { token_type: string; access_token: string } };
    return { ms: performance.now() - t0, token: `${body.data.token_type} ${body.data.access_token}` };
  };
  const logins: number[] = [];
  let token = '';
  for (let i = 0; i < 40; i++) ({ ms: logins[i], token } = await login());
  record(
    'login (argon2id) p50 / p99',
    `${percentile(logins, 50).toFixed(1)} / ${percentile(logins, 99).toFixed(1)} ms`,
  );

  const result = await autocannon({
    url: `${server.url}/api/1.0/config/ports?pageSize=20&sort=-displayOrder&q=an`,
    connections: 32,
    duration: 10,
    headers: { authorization: token },
  });
  record(
    'list /config/ports, 32 connections, 10 s',
    `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
  );
  const call = asUser(server.url, token);
  await stockBench(call, record);
  await scanRecordsBench(call, record);
  await orderBench(server.url, call, record);
  await liveBench(server.url, token, record);
  if (process.env.DATABASE_URL) await bigStockBench(process.env.DATABASE_URL, call, record);
  else record('inventory lists over 2M change logs', 'skipped: set DATABASE_URL to a PostgreSQL to run it');
  await tabSwitchBench(server.url, record);
  await browserBench(server.url, record);
  await scannerBench(server.url, record);
  await reportsBench(record);
  await financeBench(record);
  await countBench(record);
  await importBench(record);
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });

  const html = readFileSync('dist/index.html', 'utf8');
  const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const gz = (file: string) => gzipSync(readFileSync(join('dist', file))).length / 1024;
  record(
    'first-load JS (entry + modulepreload), gzip',
    `${firstLoad.reduce((sum, f) => sum + gz(f), 0).toFixed(0)} KB in ${firstLoad.length} files`,
  );
  const allJs = readdirSync('dist/assets').filter((f) => f.endsWith('.js'));
  record(
    'all JS, gzip',
    `${allJs.reduce((sum, f) => sum + gz(`assets/${f}`), 0).toFixed(0)} KB in ${allJs.length} files`,
  );
}

/**
 * A part of the bench on a server of its own (over DATABASE_URL, else a new data dir), with the
 * admin's token; the server is stopped and its data dir removed after it, whatever happened.
 */
async function onOwnServer(part: (url: string, token: string) => Promise<void>, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const server = await startServer({
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: dataDir }),
    ...env,
  });
  try {
    await part(server.url, await httpApi(server.url).login('admin'));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function ordersOnly() {
  return onOwnServer((url, token) => orderBench(url, asUser(url, token), record));
}

function liveOnly() {
  return onOwnServer((url, token) => liveBench(url, token, record));
}

/** Webhook scenarios, one after the other, on a server of their own that may send to this machine. */
function webhooksOnly(...scenarios: ((url: string, token: string, figure: typeof record) => Promise<void>)[]) {
  return onOwnServer(
    async (url, token) => {
      for (const scenario of scenarios) await scenario(url, token, record);
    },
    { WEBHOOK_ALLOW_PRIVATE: 'true' },
  );
}

async function browserOnly() {
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  await onOwnServer(async (url) => {
    await browserBench(url, record);
    await scannerBench(url, record);
  });
}
