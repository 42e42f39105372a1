import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/open';
import type { BusySize } from './busy-seed';
import { busyTraffic, total, type BusyUser } from './busy-traffic';
import { asUsers, BUSY_SIZE, seconds, seedBusyWorld, signIn, type BusyAccount } from './busy-world';
import { largestPassing, type Step } from './capacity-search';
import { startPostgres } from './postgres';
import { benchDatabase } from './reports';
import { oneThenTwoServers, startServer } from './server-process';

type Recorder = (name: string, value: string) => void;

const STEP_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 30);
const MAX_USERS = Number(process.env.BENCH_CAPACITY_MAX_USERS ?? 2_000);
const PAUSE_MS = 5_000;
const P95_MS = 300;
const FIRST = 50;
/**
 * Unmeasured traffic with no pause on fresh servers first, so the first step does not pay for cold
 * caches and connections.
 */
const WARM_UP_SECONDS = 10;

/**
 * Issue 38's capacity figure: how many people, each making a request every 5 s on average (an
 * exponential pause before each request of the busy day's mix, X-Read-After sent back as the web
 * app does), an API instance serves with p95 under 300 ms. On the busy year (busy-world.ts), on
 * PostgreSQL with one and two instances, and on PGlite with one: the embedded database lives in
 * one process, so it cannot have a second. Each count runs BENCH_CAPACITY_SECONDS; the search
 * doubles from 50, then halves the gap (capacity-search.ts).
 */
export async function capacityBench(record: Recorder) {
  const started = performance.now();
  // One user in five is staff, as on the busy day; a customer keeps a cart, so each has its own account.
  const size: BusySize = { ...BUSY_SIZE, customers: Math.ceil((MAX_USERS * 4) / 5) };
  const own = process.env.DATABASE_URL ? undefined : await startPostgres();
  const database = await benchDatabase(process.env.DATABASE_URL ?? own!.url);
  try {
    const accounts = await seedBusyWorld(database.db, size, 'capacity, PostgreSQL', record);
    await database.db.close();
    const env = { DATABASE_URL: database.url!, DATABASE_REPLICA_URL: '' };
    let crowd: Crowd | undefined;
    await oneThenTwoServers(env, async (urls, label) => {
      crowd ??= signedIn(accounts, urls[0]);
      await find(`PostgreSQL, ${label}`, urls, crowd, record);
    });
  } finally {
    await database.drop();
    own?.stop();
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-capacity-'));
  try {
    const db = await openDatabase({ dataDir });
    const accounts = await seedBusyWorld(db, pgliteSize(size), 'capacity, PGlite', record);
    await db.close();
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_REPLICA_URL: '' });
    try {
      await find('PGlite, 1 instance (the only kind)', [server.url], signedIn(accounts, server.url), record);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  record('capacity: the whole part', seconds(performance.now() - started));
}

/**
 * A tenth of the year's products, orders and change logs on PGlite: its one in-process connection
 * took over 12 minutes for the whole here (reports.ts seeds PGlite a tenth for the same reason).
 */
const pgliteSize = (size: BusySize): BusySize => ({
  ...size,
  products: size.products / 10,
  orders: size.orders / 10,
  changeLogs: size.changeLogs / 10,
});

type Crowd = (count: number, urls: string[]) => Promise<BusyUser[]>;

/**
 * `count` users, one in five staff (sharing the staff accounts: their mix keeps nothing of a user's
 * own) and the others customers with an account each, signed in at `url` on first use.
 */
function signedIn(accounts: BusyAccount[], url: string): Crowd {
  const staff = accounts.filter((a) => a.role !== 'shipper');
  const customers = accounts.filter((a) => a.role === 'shipper');
  const tokens = new Map<string, string>();
  return async (count, urls) => {
    const staffCount = Math.round(count / 5);
    const chosen = [
      ...Array.from({ length: staffCount }, (_, i) => staff[i % staff.length]),
      ...customers.slice(0, count - staffCount),
    ];
    const missing = [...new Set(chosen.filter((a) => !tokens.has(a.username)))];
    (await signIn(url, missing)).forEach((token, i) => tokens.set(missing[i].username, token));
    return asUsers(
      chosen,
      chosen.map((a) => tokens.get(a.username)!),
      urls,
    );
  };
}

const pacing = { pause: () => -Math.log(1 - Math.random()) * PAUSE_MS, readAfter: true };

async function find(label: string, urls: string[], crowd: Crowd, record: Recorder) {
  await busyTraffic(await crowd(FIRST, urls), WARM_UP_SECONDS);
  const run = async (users: number): Promise<Step> => {
    const tally = await busyTraffic(await crowd(users, urls), STEP_SECONDS, pacing);
    const step = {
      users,
      p50: tally.percentile(50),
      p95: tally.percentile(95),
      requests: tally.requests,
      errors: total(tally.errors),
    };
    const slowest = [...tally.latencies.keys()]
      .map((kind) => ({ kind, p95: tally.percentile(95, [kind]) }))
      .sort((a, b) => b.p95 - a.p95)
      .slice(0, 3);
    console.log(
      `  capacity, ${label}, ${users} users: ${summary(step)}; slowest p95 ${slowest.map((s) => `${s.kind} ${s.p95.toFixed(0)} ms`).join(', ')}`,
    );
    for (const [what, count] of tally.errors) console.warn(`  error x${count}: ${what}`);
    return step;
  };
  // An error in a thousand requests fails a step as a slow p95 does: fast failures are no capacity.
  const passes = (step: Step) => step.p95 < P95_MS && step.errors <= step.requests / 1000;
  const { best, failed } = await largestPassing(run, passes, FIRST, MAX_USERS);
  record(
    `capacity, ${label}: users with p95 < ${P95_MS} ms`,
    [
      best ? `${best.users}${failed ? '' : ' or more (BENCH_CAPACITY_MAX_USERS)'}: ${summary(best)}` : 'none',
      failed && `${failed.users}: ${summary(failed)}`,
    ]
      .filter(Boolean)
      .join('; '),
  );
}

const summary = (step: Step) =>
  `p50 ${step.p50.toFixed(0)} ms, p95 ${step.p95.toFixed(0)} ms, ${(step.requests / STEP_SECONDS).toFixed(0)} req/s, ${step.errors} errors`;
