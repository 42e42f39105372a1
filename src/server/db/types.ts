import type { ChangeListener } from './changes';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** One interface over PGlite and node-postgres; both speak the same SQL with $n parameters. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls the listener with each table written once the write is committed, by this process or
   * (PostgreSQL) any other on the same database; null when changes may have been missed.
   */
  onChange(listener: ChangeListener): () => void;
  /**
   * Whether onChange is known to hear every change right now (and, given a position, every change
   * up to it: db/read-position.ts): always on PGlite (one process); on PostgreSQL while its
   * listener hears its own heartbeat. While false no cache is read (issue 38).
   */
  trusted(after?: string): boolean;
  /** Where the database's history stands now, past every commit made so far (X-Read-After). */
  position(): Promise<string>;
  close(): Promise<void>;
  /** PGlite only (no autovacuum runs there): vacuums or analyzes the table most due now, answering its name (db/pglite-upkeep.ts). */
  upkeep?(): Promise<string | undefined>;
  /** PGlite only: the whole cluster as a tarball, to start other databases from (pglite-template.ts). */
  dump?(): Promise<Blob>;
}
