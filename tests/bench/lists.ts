import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/open';
import { prepareDatabase } from '../../src/server/db/prepare';
import { seedActivity } from '../../src/server/seed/activity';
import { seedChangeLogs, seedProducts } from './big-table';
import { startPostgres } from './postgres';
import { freePort, startServer } from './server-process';
import { variedBench } from './varied';

type Recorder = (name: string, value: string) => void;

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? 200_000);
// BENCH_TRAFFIC=varied measures only the varied traffic of issue 31, =fixed only the repeated requests.
const TRAFFIC = process.env.BENCH_TRAFFIC ?? 'both';

/**
 * Issue 13: the generic list and record routes against a hand-written Fastify + pg route over the
 * same products table of a busy year (1M rows on PostgreSQL, 200k on PGlite, 5,000 of them the
 * shipper's): req/s, p50 and p99 at 32 connections, engine and baseline alternating, and their
 * ratio; the same request repeated, then (issue 31, varied.ts) random pages and ids under writes.
 */
export async function listBench(record: Recorder) {
  // BENCH_LISTS=pglite measures PGlite alone (its part takes a minute, PostgreSQL's seeding several).
  if (process.env.BENCH_LISTS !== 'pglite') await postgresListBench(record);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lists-'));
  try {
    await benchOn('PGlite', { dataDir }, PGLITE_ROWS, record);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresListBench(record: Recorder) {
  const own = process.env.DATABASE_URL ? undefined : await startPostgres();
  const server = process.env.DATABASE_URL ?? own!.url;
  const name = `bench_${Date.now().toString(36)}`;
  await adminQuery(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    await benchOn('PostgreSQL', { databaseUrl: url.toString() }, ROWS, record);
  } finally {
    await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    own?.stop();
  }
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function benchOn(
  kind: string,
  where: { databaseUrl?: string; dataDir?: string },
  rows: number,
  record: Recorder,
) {
  const db = await openDatabase(where);
  await prepareDatabase(db);
  const app = await buildApp({ db });
  await seedActivity(app);
  await app.close();
  const [{ organization_id: shipperOrganization }] = await db.query<{ organization_id: number }>(
    "SELECT organization_id FROM users WHERE username = 'shipper'",
  );
  const seeded = await timed(async () => {
    await seedProducts(db, shipperOrganization, rows);
    if (kind === 'PostgreSQL') await seedChangeLogs(db, 2 * rows);
    // What autovacuum does on a table that has settled: counts of the shipper's rows read the index alone.
    await db.query('VACUUM ANALYZE products');
  });
  record(
    `${kind}: seed ${rows.toLocaleString('en')} products${kind === 'PostgreSQL' ? ` and ${(2 * rows).toLocaleString('en')} change logs` : ''}`,
    `${(seeded / 1000).toFixed(0)} s`,
  );
  const [{ id: recordId }] = await db.query<{ id: number }>(
    'SELECT id FROM products WHERE organization_id = $1 ORDER BY id LIMIT 1 OFFSET 2500',
    [shipperOrganization],
  );
  const [ids] = await db.query<{ low: number; high: number; shipperRows: number }>(
    'SELECT min(id) AS low, max(id) AS high, count(*) FILTER (WHERE organization_id = $1)::int AS "shipperRows" FROM products',
    [shipperOrganization],
  );
  await db.close();

  const baselineDir = where.dataDir ? `${where.dataDir}-baseline` : undefined;
  // PGlite is one process's database: the baseline reads a copy of the same data.
  if (baselineDir) cpSync(join(where.dataDir!, 'pgdata'), baselineDir, { recursive: true });
  // An empty DATABASE_URL for PGlite: the bench's own (set for the PostgreSQL part) would
  // otherwise reach both servers, which then read the PostgreSQL server instead of these files.
  const engine = await startServer(
    where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : { DATA_DIR: where.dataDir!, DATABASE_URL: '' },
  );
  const baseline = await startBaseline(
    where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : { PGLITE_DIR: baselineDir!, DATABASE_URL: '' },
  );
  try {
    const admin = await login(engine.url, 'admin', 'admin123');
    const shipper = await login(engine.url, 'shipper', 'shipper123');
    const calls: { name: string; token: string; engine: string; baseline: string }[] = [
      {
        name: 'admin, list page 1',
        token: admin,
        engine: '/api/1.0/products?pageIndex=1&pageSize=20',
        baseline: '/products?page=1',
      },
      {
        name: `shipper, list of its ${Math.floor(rows / 200).toLocaleString('en')}`,
        token: shipper,
        engine: '/api/1.0/products?pageIndex=1&pageSize=20',
        baseline: `/products?page=1&organizationId=${shipperOrganization}`,
      },
      {
        name: 'shipper, q search + filter',
        token: shipper,
        engine: '/api/1.0/products?pageSize=20&q=P12&chargeUnit=2',
        baseline: `/products?page=1&q=P12&chargeUnit=2&organizationId=${shipperOrganization}`,
      },
      {
        name: 'admin, deep page (500)',
        token: admin,
        engine: '/api/1.0/products?pageIndex=500&pageSize=20',
        baseline: '/products?page=500',
      },
      {
        name: 'admin, record by id',
        token: admin,
        engine: `/api/1.0/products/${recordId}`,
        baseline: `/products/${recordId}`,
      },
      {
        name: 'shipper, record by id',
        token: shipper,
        engine: `/api/1.0/products/${recordId}`,
        baseline: `/products/${recordId}`,
      },
    ];
    if (TRAFFIC !== 'varied')
      for (const call of calls) {
        const ours = await load(`${engine.url}${call.engine}`, call.token);
        const theirs = await load(`${baseline.url}${call.baseline}`);
        record(
          `${kind} ${call.name}`,
          `engine ${ours.text} | hand-written ${theirs.text} | ratio ${(ours.rps / theirs.rps).toFixed(2)}`,
        );
      }
    if (TRAFFIC !== 'fixed') {
      const random = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
      const shipperPages = Math.ceil(ids.shipperRows / 20);
      await variedBench(
        kind,
        [
          {
            name: 'admin list, random page of the first 500',
            engine: {
              url: engine.url,
              token: admin,
              path: () => `/api/1.0/products?pageIndex=${random(1, 500)}&pageSize=20`,
            },
            baseline: { url: baseline.url, path: () => `/products?page=${random(1, 500)}` },
          },
          {
            name: `shipper list, random page of its ${shipperPages}`,
            engine: {
              url: engine.url,
              token: shipper,
              path: () => `/api/1.0/products?pageIndex=${random(1, shipperPages)}&pageSize=20`,
            },
            baseline: {
              url: baseline.url,
              path: () => `/products?page=${random(1, shipperPages)}&organizationId=${shipperOrganization}`,
            },
          },
          {
            name: 'record by random id',
            engine: { url: engine.url, token: admin, path: () => `/api/1.0/products/${random(ids.low, ids.high)}` },
            baseline: { url: baseline.url, path: () => `/products/${random(ids.low, ids.high)}` },
          },
        ],
        {
          engine: () => editProduct(engine.url, admin, random(ids.low, ids.high)),
          baseline: () =>
            fetch(`${baseline.url}/products/${random(ids.low, ids.high)}`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ nameEn: `Edited ${Date.now()}` }),
            }),
        },
        record,
      );
    }
    if (kind === 'PostgreSQL')
      for (const path of [
        '/inventory/changeLogs?pageSize=20',
        '/inventory/changeLogs?pageSize=20&changeType=2&sort=-id',
      ]) {
        const runs: number[] = [];
        for (let i = 0; i < 5; i++)
          runs.push(
            await timed(() =>
              fetch(`${engine.url}/api/1.0${path}`, { headers: { authorization: admin } }).then((r) => r.json()),
            ),
          );
        record(
          `PostgreSQL GET ${path} over ${(2 * ROWS).toLocaleString('en')} change logs`,
          `${Math.min(...runs).toFixed(1)} ms best of 5`,
        );
      }
  } finally {
    await engine.stop();
    await baseline.stop();
    if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
  }
}

/** What a staff member's edit does: read the product, save it back with one field changed. */
async function editProduct(url: string, token: string, id: number) {
  const headers = { authorization: token, 'content-type': 'application/json' };
  const { data } = (await (await fetch(`${url}/api/1.0/products/${id}`, { headers })).json()) as { data: object };
  await fetch(`${url}/api/1.0/products/${id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...data, nameEn: `Edited ${Date.now()}` }),
  });
}

const timed = async (run: () => Promise<unknown>) => {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
};

export async function login(url: string, username: string, password: string) {
  const response = await fetch(`${url}/api/1.0/system/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { data } = (await response.json()) as { data: { token_type: string; access_token: string } };
  return `${data.token_type} ${data.access_token}`;
}

/** A short warm-up, then 32 connections for DURATION seconds. */
async function load(url: string, token?: string) {
  const headers = token ? { authorization: token } : {};
  await autocannon({ url, connections: 32, duration: 1, headers });
  const result = await autocannon({ url, connections: 32, duration: DURATION, headers });
  const failed = result.errors + result.non2xx;
  return {
    rps: result.requests.average,
    text: `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${failed ? `, ${failed} failed (${JSON.stringify({ errors: result.errors, timeouts: result.timeouts, status: result.statusCodeStats })})` : ''}`,
  };
}

async function startBaseline(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('npx', ['tsx', 'tests/bench/baseline.ts'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`baseline exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/products/1`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}
