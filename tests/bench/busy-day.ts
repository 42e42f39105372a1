import pg from 'pg';
import { prepareDatabase } from '../../src/server/db/prepare';
import type { Db } from '../../src/server/db/types';
import { BUSY_PASSWORD, seedBusyYear, type BusySize } from './busy-seed';
import { busyTraffic, total, type BusyOrganization, type BusyUser, type Tally } from './busy-traffic';
import { login } from './lists';
import { startPostgres } from './postgres';
import { benchDatabase } from './reports';
import { startServer } from './server-process';

type Recorder = (name: string, value: string) => void;

const int = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = int('BENCH_BUSY_SECONDS', 120);
const SIZE: BusySize = {
  organizations: int('BENCH_BUSY_ORGANIZATIONS', 180),
  products: int('BENCH_BUSY_PRODUCTS', 1_000_000),
  changeLogs: int('BENCH_BUSY_CHANGE_LOGS', 2_000_000),
  orders: int('BENCH_BUSY_ORDERS', 200_000),
  skusPerOrganization: 40,
  awaiting: 1_000,
  staff: 50,
  customers: 200,
};
/** Records of each organization the users read by id: enough that a cache cannot hold the day. */
const SAMPLE = 200;

/**
 * Issue 31's busy day on PostgreSQL: a year of data (busy-seed.ts), then 50 staff and 200 customer
 * users each looping over their role's mix (busy-traffic.ts) for BENCH_BUSY_SECONDS, first on one
 * API instance, then on two over the same database with the users split between them. Prints
 * requests, errors (any 5xx, anything outside the envelope, any refusal the mix did not expect),
 * conflicts apart (a 40901 where two users race for one document or the same stock), the
 * database's deadlocks and p50/p99 per kind of request.
 */
export async function busyDayBench(record: Recorder) {
  const started = performance.now();
  const own = process.env.DATABASE_URL ? undefined : await startPostgres();
  const database = await benchDatabase(process.env.DATABASE_URL ?? own!.url);
  try {
    await prepareDatabase(database.db);
    const seedFrom = performance.now();
    await seedBusyYear(database.db, SIZE, async (part, run) => {
      const t0 = performance.now();
      await run();
      record(`busy day: seed ${part}`, seconds(performance.now() - t0));
    });
    record('busy day: seed, all of it', seconds(performance.now() - seedFrom));
    const organizations = await sampleOrganizations(database.db);
    const accounts = await usersOf(database.db, organizations);
    await database.db.close();

    const databaseUrl = database.url!;
    const env = { DATABASE_URL: databaseUrl };
    const first = await startServer(env);
    try {
      const tokens = await signIn(first.url, accounts);
      const users = (urls: string[]) =>
        accounts.map((a, i) => ({ ...a, url: urls[i % urls.length], token: tokens[i] }) satisfies BusyUser);
      await measure('1 instance', users([first.url]), databaseUrl, record);
      const second = await startServer(env);
      try {
        await measure('2 instances', users([first.url, second.url]), databaseUrl, record);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  } finally {
    await database.drop();
    own?.stop();
  }
  record('busy day: the whole part', seconds(performance.now() - started));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The stocked organizations with what their users ask for by id, in one query. */
async function sampleOrganizations(db: Db) {
  return db.query<BusyOrganization>(
    `SELECT o.id,
            (SELECT json_agg(json_build_object('skuId', i.sku_id, 'warehouseId', i.warehouse_id)) FROM inventory i WHERE i.organization_id = o.id) AS stock,
            ARRAY(SELECT id FROM products WHERE organization_id = o.id ORDER BY id DESC LIMIT $1) AS products,
            ARRAY(SELECT id FROM orders WHERE organization_id = o.id ORDER BY id DESC LIMIT $1) AS orders
       FROM organizations o WHERE EXISTS (SELECT 1 FROM inventory i WHERE i.organization_id = o.id) ORDER BY o.id`,
    [SAMPLE],
  );
}

/** The bench's users in a fixed order, each with the organizations it sees. */
async function usersOf(db: Db, organizations: BusyOrganization[]) {
  const byId = new Map(organizations.map((o) => [o.id, o]));
  const rows = await db.query<{ username: string; role: BusyUser['role']; organizations: number[] }>(
    `SELECT u.username, u.roles[1] AS role,
            CASE WHEN u.organization_id IS NOT NULL THEN ARRAY[u.organization_id]
                 ELSE ARRAY(SELECT organization_id FROM user_organizations x WHERE x.user_id = u.id) END AS organizations
       FROM users u WHERE u.username LIKE 'busy-%' ORDER BY u.id`,
  );
  return rows.map((u) => ({
    username: u.username,
    role: u.role,
    organizations: u.role === 'admin' ? organizations : u.organizations.map((id) => byId.get(id)!).filter(Boolean),
  }));
}

/** Every user signs in once, a few at a time (argon2id is the cost of a sign-in, by design). */
async function signIn(url: string, accounts: { username: string }[]) {
  const tokens: string[] = [];
  for (let i = 0; i < accounts.length; i += 4)
    tokens.push(...(await Promise.all(accounts.slice(i, i + 4).map((a) => login(url, a.username, BUSY_PASSWORD)))));
  return tokens;
}

async function measure(label: string, users: BusyUser[], databaseUrl: string, record: Recorder) {
  const before = await deadlocks(databaseUrl);
  const tally = await busyTraffic(users, SECONDS);
  const after = await deadlocks(databaseUrl);
  report(`busy day, ${label}`, tally, after - before, record);
}

function report(label: string, tally: Tally, deadlockCount: number, record: Recorder) {
  const conflicts = [...tally.conflicts].map(([kind, n]) => `${n} ${kind}`).join(', ');
  record(
    `${label}: ${SECONDS} s`,
    `${tally.requests.toLocaleString('en')} requests (${(tally.requests / SECONDS).toFixed(0)}/s), ${total(tally.errors)} errors, ${total(tally.conflicts)} conflicts (40901, two users racing for one document or the same stock${conflicts ? `: ${conflicts}` : ''}), ${deadlockCount} deadlocks`,
  );
  for (const [what, count] of tally.errors) console.warn(`  error x${count}: ${what}`);
  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  for (const [kind, values] of [...tally.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...values].sort((a, b) => a - b);
    record(
      `${label}: ${kind}`,
      `${sorted.length.toLocaleString('en')} calls, p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`,
    );
  }
}

async function deadlocks(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ deadlocks: string }>(
      'SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0].deadlocks);
  } finally {
    await client.end();
  }
}
