import pg from 'pg';
import { busyTraffic, total, type BusyUser, type Tally } from './busy-traffic';
import { asUsers, BUSY_SIZE, seconds, seedBusyWorld, signIn } from './busy-world';
import { startPostgres } from './postgres';
import { benchDatabase } from './reports';
import { oneThenTwoServers } from './server-process';

type Recorder = (name: string, value: string) => void;

const SECONDS = Number(process.env.BENCH_BUSY_SECONDS ?? 120);

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
    const accounts = await seedBusyWorld(database.db, BUSY_SIZE, 'busy day', record);
    await database.db.close();

    const databaseUrl = database.url!;
    // Not the replica a BENCH_ONLY=replica run names: the busy day is measured on the primary alone.
    const env = { DATABASE_URL: databaseUrl, DATABASE_REPLICA_URL: '' };
    // Signed in once, on the first server: the second takes the same tokens.
    let tokens: Awaited<ReturnType<typeof signIn>> | undefined;
    await oneThenTwoServers(env, async (urls, label) => {
      tokens ??= await signIn(urls[0], accounts);
      await measure(label, asUsers(accounts, tokens, urls), databaseUrl, record);
    });
  } finally {
    await database.drop();
    own?.stop();
  }
  record('busy day: the whole part', seconds(performance.now() - started));
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
  for (const [kind, values] of [...tally.latencies].sort(([a], [b]) => a.localeCompare(b)))
    record(
      `${label}: ${kind}`,
      `${values.length.toLocaleString('en')} calls, p50 ${tally.percentile(50, [kind]).toFixed(0)} ms, p99 ${tally.percentile(99, [kind]).toFixed(0)} ms`,
    );
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
