/**
 * What changed, for the caches kept in memory (list pages and totals, records, sessions, policy
 * decisions). Two sources: the transactions this process commits (known at once, so a write is
 * never followed by a stale read from the same instance) and the database's `table_changes`
 * notifications, which tell every other instance on the same database. A resource table's row
 * triggers (migrations 0017 and 0024, engine/sync.ts) note which rows a statement changed: their
 * ids and their organizations, so a write to one organization's products keeps every other's cached
 * pages, and for an update the columns it changed, so an edit keeps the pages that neither show the
 * row nor filter or sort by what changed.
 * A table alone (other tables, or a statement the triggers cannot see) means any of its rows;
 * `null` means "anything may have changed" (a lost connection).
 */
export type ChangeListener = (table: string | null, rows?: RowsChanged) => void;

/** The rows a change touched; a list left out is unknown (any). */
export interface RowsChanged {
  ids?: number[];
  orgs?: (number | null)[];
  /** The columns an update changed in those rows; left out for an insert or a delete (rows came or went). */
  columns?: string[];
}

export const CHANGES_CHANNEL = 'table_changes';

/** The transaction-local setting the row triggers append their notes to, one JSON per line. */
export const NOTES_SETTING = 'app.changes';
export const READ_NOTES = `SELECT current_setting('${NOTES_SETTING}', true) AS notes`;

const WRITE =
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;

const writtenBy = new Map<string, string[]>();

/**
 * Tables a statement may write; a false hit (`FOR UPDATE OF t`) only drops a cache entry too many.
 * Asked after every statement, reads included: the answer is kept per statement text (the engine
 * has a few hundred shapes, their values bound as parameters).
 */
export const writtenTables = (sql: string): string[] => {
  let tables = writtenBy.get(sql);
  if (tables === undefined) {
    tables = [...sql.matchAll(WRITE)].map((m) => m[1].toLowerCase());
    if (writtenBy.size < 5_000) writtenBy.set(sql, tables);
  }
  return tables;
};

interface Note {
  t: string;
  i?: number[];
  o?: (number | null)[];
  c?: string[];
}

/** A notification's payload: a row trigger's note (JSON) or a bare table name (the statement triggers). */
export function parseNote(payload: string): { table: string; rows?: RowsChanged } {
  if (!payload.startsWith('{')) return { table: payload };
  const note = JSON.parse(payload) as Note;
  return {
    table: note.t,
    rows: note.i || note.o || note.c ? { ids: note.i, orgs: note.o, columns: note.c } : undefined,
  };
}

const union = <T>(a: T[] | undefined, b: T[] | undefined) => (a && b ? [...new Set([...a, ...b])] : undefined);

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();

  on(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(table: string | null, rows?: RowsChanged) {
    for (const listener of this.listeners) listener(table, rows);
  }

  /** Another instance's notification (or this one's, heard again): a note or a bare table name. */
  emitNotified(payload: string) {
    const { table, rows } = parseNote(payload);
    // No row changed: nothing to drop (at commit, such a note only keeps its table from being told whole).
    if (rows?.ids?.length === 0) return;
    this.emit(table, rows);
  }

  emitAll(tables: Iterable<string>) {
    for (const table of new Set(tables)) this.emit(table);
  }

  /**
   * A committed transaction: the tables its statements named, told by the rows its triggers noted
   * (`notes`, READ_NOTES's answer) where they noted any, as whole tables where they did not.
   */
  emitCommitted(tables: string[], notes: string | null | undefined) {
    const noted = new Map<string, RowsChanged | undefined>();
    for (const line of (notes ?? '').split('\n')) {
      if (!line) continue;
      const { table, rows } = parseNote(line);
      const before = noted.get(table);
      noted.set(
        table,
        noted.has(table) && before && rows
          ? {
              ids: union(before.ids, rows.ids),
              orgs: union(before.orgs, rows.orgs),
              columns: union(before.columns, rows.columns),
            }
          : noted.has(table)
            ? undefined
            : rows,
      );
    }
    for (const [table, rows] of noted) if (!rows || rows.ids?.length || rows.orgs?.length) this.emit(table, rows);
    for (const table of new Set(tables)) if (!noted.has(table)) this.emit(table);
  }
}
