import pg from 'pg';

const EVERY_MS = 250;

/**
 * Samples how far a streaming replica trails its primary until stopped: the WAL bytes it has yet
 * to replay, and the age of the last commit it replayed (under steady writes, how old what it
 * shows is; idle, it grows with the idleness).
 */
export function sampleLag(primaryUrl: string, replicaUrl: string) {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const replica = new pg.Client({ connectionString: replicaUrl });
  const bytes: number[] = [];
  const seconds: number[] = [];
  let running = true;
  const sampling = (async () => {
    await Promise.all([primary.connect(), replica.connect()]);
    while (running) {
      // The replica first, then the primary's end: the time between can only overstate the lag.
      const {
        rows: [replayed],
      } = await replica.query<{ at: string; age: number }>(
        'SELECT pg_last_wal_replay_lsn()::text AS at, extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS age',
      );
      const {
        rows: [behind],
      } = await primary.query<{ bytes: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS bytes', [
        replayed.at,
      ]);
      bytes.push(Math.max(0, Number(behind.bytes)));
      seconds.push(replayed.age);
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
    await Promise.all([primary.end(), replica.end()]);
  })();
  return {
    async stop() {
      running = false;
      await sampling;
      return { bytes, seconds };
    },
  };
}

/** Until the replica has replayed everything the primary had written when asked (a seed's WAL). */
export async function caughtUp(primaryUrl: string, replicaUrl: string) {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const replica = new pg.Client({ connectionString: replicaUrl });
  await Promise.all([primary.connect(), replica.connect()]);
  try {
    const {
      rows: [written],
    } = await primary.query<{ at: string }>('SELECT pg_current_wal_lsn()::text AS at');
    for (;;) {
      const {
        rows: [replayed],
      } = await replica.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [written.at]);
      if (replayed.done) return;
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
  } finally {
    await Promise.all([primary.end(), replica.end()]);
  }
}
