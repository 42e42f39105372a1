/**
 * Which tables changed, for the caches kept in memory (list totals, sessions, policy decisions).
 * Two sources: the statements this process runs (known at once, so a write is never followed by a
 * stale read from the same instance) and the database's own `table_changes` notifications, sent by
 * a statement trigger on each table (migration 0003, engine/sync.ts), which tell every other
 * instance on the same database. `null` means "anything may have changed" (a lost connection).
 */
export type ChangeListener = (table: string | null) => void;

export const CHANGES_CHANNEL = 'table_changes';

const WRITE =
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Tables a statement may write; a false hit (`FOR UPDATE OF t`) only drops a cache entry too many. */
export const writtenTables = (sql: string): string[] => [...sql.matchAll(WRITE)].map((m) => m[1].toLowerCase());

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();

  on(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(table: string | null) {
    for (const listener of this.listeners) listener(table);
  }

  emitAll(tables: Iterable<string>) {
    for (const table of new Set(tables)) this.emit(table);
  }
}
