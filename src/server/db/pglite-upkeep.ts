import type { PGlite } from '@electric-sql/pglite';

/** PostgreSQL's autovacuum defaults: a table is due past base + scale × its rows. */
const VACUUM = { base: 50, scale: 0.2 };
const VACUUM_INSERTS = { base: 1000, scale: 0.2 };
const ANALYZE = { base: 50, scale: 0.1 };
/** How often upkeep looks, autovacuum_naptime's default. */
const NAPTIME_MS = 60_000;

const past = (count: string, { base, scale }: { base: number; scale: number }) =>
  `s.${count} > ${base} + ${scale} * greatest(c.reltuples, 0)`;

/**
 * PGlite runs PostgreSQL as its single user, where no autovacuum runs: every edit's old row
 * version would stay for good (the files grow, and an index-only scan reads the table for each
 * page an edit touched), and the planner would keep the statistics of the first ANALYZE however
 * the tables grow. Upkeep does what autovacuum would, by its default thresholds over the
 * statistics PGlite keeps: each look vacuums or analyzes the one table most due, so a look holds
 * the single connection for that table alone. It answers that table's name.
 */
export function pgliteUpkeep(pg: PGlite) {
  let looking: Promise<string | undefined> | undefined;
  const look = async () => {
    // A backend hands its counts on at most once a second: those of the last writes first.
    await pg.query('SELECT pg_stat_force_next_flush()');
    const [due] = (
      await pg.query<{ name: string; vacuum: boolean }>(
        `SELECT format('%I.%I', s.schemaname, s.relname) AS name,
                ${past('n_dead_tup', VACUUM)} OR ${past('n_ins_since_vacuum', VACUUM_INSERTS)} AS vacuum
           FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
          WHERE ${past('n_dead_tup', VACUUM)} OR ${past('n_ins_since_vacuum', VACUUM_INSERTS)}
             OR ${past('n_mod_since_analyze', ANALYZE)}
          ORDER BY s.n_dead_tup + s.n_mod_since_analyze + s.n_ins_since_vacuum DESC LIMIT 1`,
      )
    ).rows;
    if (!due) return undefined;
    await pg.exec(`${due.vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${due.name}`);
    return due.name;
  };
  const once = () => (looking ??= look().finally(() => (looking = undefined)));
  // A look that fails (the database closing under it) is the next look's to do again.
  const timer = setInterval(() => void once().catch(() => undefined), NAPTIME_MS);
  timer.unref();
  return {
    look: once,
    /** No look after this; waits for the one under way. */
    stop: async () => {
      clearInterval(timer);
      await looking?.catch(() => undefined);
    },
  };
}
