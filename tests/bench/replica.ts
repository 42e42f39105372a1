import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { busyTraffic, total, type Pacing, type Tally } from './busy-traffic';
import { asUsers, BUSY_SIZE, seconds, seedBusyWorld, signIn } from './busy-world';
import { startPostgres } from './postgres';
import { COUNTING_SERVER, readCounts, type ReplicaCounts } from './replica-counts';
import { caughtUp, sampleLag } from './replica-lag';
import { benchDatabase } from './reports';
import { startServer } from './server-process';

type Recorder = (name: string, value: string) => void;

const SECONDS = Number(process.env.BENCH_REPLICA_SECONDS ?? 60);
/** Unmeasured traffic on fresh servers first, so neither run pays for cold caches. */
const WARM_UP_SECONDS = 10;
/** The lagging reads of the busy day's mix (its pages are of 20 rows: no export, no large page). */
const LAGGING = ['report', 'dashboard'];
/** The busy day's users send back X-Read-After as the web app does: a replica behind it must not serve them. */
const PACING: Pacing = { readAfter: true };

/**
 * Issue 38's replica figures: the busy day (busy-world.ts, 250 users with no pause) on two
 * instances over PostgreSQL for BENCH_REPLICA_SECONDS, without DATABASE_REPLICA_URL and then with
 * it on a streaming replica: the share of reports and dashboards the replica answered (counted in
 * the servers, replica-counts.ts), its replay lag meanwhile (replica-lag.ts), the primary's work
 * per request from its statistics, and the latencies both ways. DATABASE_URL with
 * DATABASE_REPLICA_URL (servers, as .ci/run's TEST_REPLICA_URL), or a pair of its own.
 */
export async function replicaBench(record: Recorder) {
  const started = performance.now();
  if (process.env.DATABASE_URL && !process.env.DATABASE_REPLICA_URL) {
    record('replica', "skipped: set DATABASE_REPLICA_URL to a streaming replica of DATABASE_URL's server");
    return;
  }
  const own = process.env.DATABASE_URL ? undefined : await startPostgres({ replica: true });
  const primaryServer = process.env.DATABASE_URL ?? own!.url;
  const replicaServer = process.env.DATABASE_REPLICA_URL ?? own!.replicaUrl!;
  const database = await benchDatabase(primaryServer);
  const dir = mkdtempSync(join(tmpdir(), 'bench-replica-'));
  try {
    const accounts = await seedBusyWorld(database.db, BUSY_SIZE, 'replica', record);
    await database.db.close();
    await caughtUp(primaryServer, replicaServer);
    const primaryUrl = database.url!;
    // A database made on the primary is replayed on the replica under its name.
    const replicaUrl = new URL(replicaServer);
    replicaUrl.pathname = new URL(primaryUrl).pathname;

    let tokens: string[] | undefined;
    const day = async (replica: boolean) => {
      const files = [0, 1].map((i) => join(dir, `${Date.now()}-${i}.json`));
      const servers = [];
      let measured: { tally: Tally; before: Work; lag?: { bytes: number[]; seconds: number[] } };
      try {
        for (const file of files)
          servers.push(
            replica
              ? await startServer(
                  { DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: replicaUrl.toString(), BENCH_REPLICA_COUNTS: file },
                  { script: COUNTING_SERVER },
                )
              : await startServer({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: '' }),
          );
        tokens ??= await signIn(servers[0].url, accounts);
        const users = asUsers(
          accounts,
          tokens,
          servers.map((s) => s.url),
        );
        await busyTraffic(users, WARM_UP_SECONDS, PACING);
        const before = await work(primaryUrl);
        const lag = replica ? sampleLag(primaryServer, replicaServer) : undefined;
        measured = { tally: await busyTraffic(users, SECONDS, PACING), before, lag: await lag?.stop() };
      } finally {
        for (const server of servers) await server.stop();
      }
      for (const [what, count] of measured.tally.errors) console.warn(`  error x${count}: ${what}`);
      // Read once the servers have stopped: a backend's statistics reach the view when it ends, at the latest.
      const primary = perThousand(minus(await work(primaryUrl), measured.before), measured.tally.requests);
      return { ...measured, primary, counts: replica ? await Promise.all(files.map(readCounts)) : [] };
    };

    const without = await day(false);
    const withReplica = await day(true);
    record(`replica: busy day, 2 instances, ${SECONDS} s, without a replica`, latencies(without.tally));
    record(`replica: busy day, 2 instances, ${SECONDS} s, with a replica`, latencies(withReplica.tally));
    record('replica: reports and dashboards it answered', share(withReplica.counts));
    const lag = withReplica.lag!;
    record(
      'replica: replay lag, sampled every 250 ms (p50 / max)',
      `${kb(percentile(lag.bytes, 50))} / ${kb(Math.max(...lag.bytes))} of WAL; last replayed commit ${ms(percentile(lag.seconds, 50))} / ${ms(Math.max(...lag.seconds))} old`,
    );
    record(
      "replica: the primary's work per 1,000 requests, without / with (pg_stat_database)",
      `${fraction(without.primary.transactions, withReplica.primary.transactions)} transactions, ${fraction(without.primary.blocks, withReplica.primary.blocks)} blocks read (cache or disk), ${fraction(without.primary.rows, withReplica.primary.rows)} rows read`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
    own?.stop();
  }
  record('replica: the whole part', seconds(performance.now() - started));
}

interface Work {
  transactions: number;
  blocks: number;
  rows: number;
}

/** What the database has done so far by its statistics: transactions, blocks read (from cache or disk), rows read. */
async function work(url: string): Promise<Work> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<keyof Work, string>>(
      `SELECT xact_commit + xact_rollback AS transactions, blks_hit + blks_read AS blocks, tup_returned + tup_fetched AS rows
         FROM pg_stat_database WHERE datname = current_database()`,
    );
    return { transactions: Number(rows[0].transactions), blocks: Number(rows[0].blocks), rows: Number(rows[0].rows) };
  } finally {
    await client.end();
  }
}

const minus = (a: Work, b: Work): Work => ({
  transactions: a.transactions - b.transactions,
  blocks: a.blocks - b.blocks,
  rows: a.rows - b.rows,
});
const perThousand = (w: Work, requests: number): Work => ({
  transactions: (w.transactions * 1000) / requests,
  blocks: (w.blocks * 1000) / requests,
  rows: (w.rows * 1000) / requests,
});

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (s: number) => `${(s * 1000).toFixed(0)} ms`;
const round = (n: number) => Math.round(n).toLocaleString('en');
const fraction = (before: number, after: number) =>
  `${round(before)} / ${round(after)} (${(((after - before) / before) * 100).toFixed(0)} %)`;

const latencies = (tally: Tally) =>
  `${tally.requests.toLocaleString('en')} requests (${(tally.requests / SECONDS).toFixed(0)}/s), p50 / p95 ${tally.percentile(50).toFixed(0)} / ${tally.percentile(95).toFixed(0)} ms; reports and dashboards ${tally.percentile(50, LAGGING).toFixed(0)} / ${tally.percentile(95, LAGGING).toFixed(0)} ms; ${total(tally.errors)} errors`;

function share(counts: ReplicaCounts[]) {
  const sum = (key: keyof ReplicaCounts) => counts.reduce((n, c) => n + c[key], 0);
  const answered = sum('replica') - sum('failedOver');
  const all = sum('replica') + sum('primary');
  return `${answered.toLocaleString('en')} of ${all.toLocaleString('en')} (${((answered / all) * 100).toFixed(0)} %), ${sum('failedOver')} failed over to the primary`;
}
