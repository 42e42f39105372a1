import pg from 'pg';
import { PG_SESSION_OPTIONS, pgTypes } from './postgres';
import { lsnValue } from './read-position';
import type { Db, Queryable } from './types';

/** How often the replica's replay position and the primary's are read. */
const POLL_MS = 250;
/** Not polled successfully for this long: the replica is taken for down, everything reads the primary. */
const SILENT_MS = 2_000;
/**
 * Behind the primary by more WAL than this (bytes), the replica serves nobody: a report would
 * show figures a busy stretch old. 16 MB is a WAL segment, seconds of a busy day's writes.
 */
const MAX_LAG_BYTES = 16n * 1024n * 1024n;

/** SQLSTATE classes that mean the replica could not answer, not that the statement was wrong: read the primary. */
const UNAVAILABLE = /^(08|57|53|40001)/;

/**
 * A streaming replica (DATABASE_REPLICA_URL) for reads that may lag a little: reports, dashboards,
 * exports and large lists (issue 38). It serves a read only while it is known to be up, not far
 * behind, and replayed past the position the caller asks to read after (X-Read-After), so a person
 * never reads there what is older than what they saved; otherwise, and whenever it fails, the
 * primary answers. Its answers are never cached: the caches follow the primary's changes.
 */
export class Replica {
  private readonly pool: pg.Pool;
  private replayed = -1n;
  private lag = 0n;
  private polledAt = 0;
  private readonly timer: NodeJS.Timeout;
  /** Reads each side answered, for the bench's share of reads served by the replica. */
  readonly served = { replica: 0, primary: 0 };

  constructor(
    url: string,
    private readonly primary: Db,
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      types: pgTypes,
      options: PG_SESSION_OPTIONS,
      max: Number(process.env.PG_POOL_SIZE ?? 10),
    });
    this.pool.on('error', () => undefined);
    this.timer = setInterval(() => void this.poll(), POLL_MS).unref();
  }

  async poll() {
    try {
      const [primaryAt, { rows }] = await Promise.all([
        this.primary.position(),
        this.pool.query<{ replayed: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS replayed'),
      ]);
      // A server that is no replica (replayed null) is as good as the primary itself.
      this.replayed = rows[0].replayed ? lsnValue(rows[0].replayed) : lsnValue(primaryAt);
      this.lag = lsnValue(primaryAt) - this.replayed;
      this.polledAt = performance.now();
    } catch {
      this.polledAt = 0;
    }
  }

  /** How far behind the primary it was at the last poll, in WAL bytes; null while it is down. */
  lagBytes(): number | null {
    return this.up() ? Number(this.lag < 0n ? 0n : this.lag) : null;
  }

  private up() {
    return this.polledAt > 0 && performance.now() - this.polledAt < SILENT_MS;
  }

  /** Whether it may serve a read asked to come after `after` (none: any position within the lag bound). */
  serves(after?: string) {
    return this.up() && this.lag <= MAX_LAG_BYTES && (after === undefined || this.replayed >= lsnValue(after));
  }

  /** Reads for `after`: the replica's when it serves them, falling back to `primary` on any failure of its own. */
  reader(primary: Queryable, after?: string): Queryable {
    if (!this.serves(after)) {
      this.served.primary++;
      return primary;
    }
    return {
      query: async <T>(sql: string, params: unknown[] = []) => {
        try {
          const { rows } = await this.pool.query(sql, params);
          this.served.replica++;
          return rows as T[];
        } catch (error) {
          if (!UNAVAILABLE.test(String((error as { code?: string }).code ?? '08'))) throw error;
          this.polledAt = 0;
          this.served.primary++;
          return primary.query<T>(sql, params);
        }
      },
    };
  }

  async close() {
    clearInterval(this.timer);
    await this.pool.end();
  }
}
