import type { RowsChanged } from '../db/changes';
import type { Db, Queryable } from '../db/types';

/**
 * What a kept read depends on: rows of `table`, only those of `orgs` (a list scoped to the viewer's
 * organizations) or only the row `id` (a record) when given, any row otherwise.
 */
export interface Dep {
  table: string;
  orgs?: readonly number[];
  id?: number;
}

interface Entry {
  value: unknown;
  deps: Dep[];
}

const hits = (dep: Dep, rows: RowsChanged | undefined) =>
  !rows ||
  ((dep.id === undefined || !rows.ids || rows.ids.includes(dep.id)) &&
    (dep.orgs === undefined || !rows.orgs || dep.orgs.some((org) => rows.orgs!.includes(org))));

interface Change {
  seq: number;
  table: string;
  rows?: RowsChanged;
}

/** How many recent changes are remembered for the reads still running; an older read is not kept. */
const RECENT = 512;

/**
 * Answers of reads kept until a write to the rows they depend on (db/changes.ts tells, for this
 * instance at once and for others through notifications). A read that was running while such a
 * write committed is not kept. Past `max` entries the oldest goes first.
 */
class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Keys by the table they depend on: any of its rows, or (rows) one row by id. */
  private readonly wide = new Map<string, Set<string>>();
  private readonly rows = new Map<string, Map<number, Set<string>>>();
  private readonly recent: Change[] = [];
  private seq = 0;
  private epoch = 0;

  constructor(
    db: Db,
    private readonly max: number,
  ) {
    db.onChange((table, rows) => (table === null ? this.dropAll() : this.changed(table, rows)));
  }

  get = (key: string) => this.entries.get(key)?.value;

  stamp = () => ({ epoch: this.epoch, seq: this.seq });

  keep(key: string, entry: Entry, stamp: { epoch: number; seq: number }) {
    if (stamp.epoch !== this.epoch) return;
    if (stamp.seq < this.seq) {
      const first = this.recent[0]?.seq ?? this.seq + 1;
      if (stamp.seq + 1 < first) return;
      for (const change of this.recent)
        if (change.seq > stamp.seq && entry.deps.some((d) => d.table === change.table && hits(d, change.rows))) return;
    }
    this.drop(key);
    if (this.entries.size >= this.max) this.drop(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    for (const dep of entry.deps) {
      if (dep.id === undefined) {
        let keys = this.wide.get(dep.table);
        if (!keys) this.wide.set(dep.table, (keys = new Set()));
        keys.add(key);
        continue;
      }
      let byId = this.rows.get(dep.table);
      if (!byId) this.rows.set(dep.table, (byId = new Map()));
      let keys = byId.get(dep.id);
      if (!keys) byId.set(dep.id, (keys = new Set()));
      keys.add(key);
    }
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const dep of entry.deps) {
      if (dep.id === undefined) this.wide.get(dep.table)?.delete(key);
      else {
        const byId = this.rows.get(dep.table);
        const keys = byId?.get(dep.id);
        keys?.delete(key);
        // Emptied ones go: a million records read once each must not leave a million sets behind.
        if (keys && !keys.size) byId!.delete(dep.id);
      }
    }
  }

  private changed(table: string, rows: RowsChanged | undefined) {
    this.recent.push({ seq: ++this.seq, table, rows });
    if (this.recent.length > RECENT) this.recent.shift();
    for (const key of [...(this.wide.get(table) ?? [])])
      if (this.entries.get(key)!.deps.some((d) => d.table === table && d.id === undefined && hits(d, rows)))
        this.drop(key);
    const byId = this.rows.get(table);
    if (!byId) return;
    for (const id of rows?.ids ?? [...byId.keys()]) {
      for (const key of [...(byId.get(id) ?? [])]) this.drop(key);
      byId.delete(id);
    }
  }

  private dropAll() {
    this.epoch++;
    this.entries.clear();
    this.wide.clear();
    this.rows.clear();
  }
}

const caches = new WeakMap<Db, Map<string, ReadCache>>();
// A transaction's reads may see its own uncommitted writes: only the database itself is cached.
const isDb = (q: Queryable): q is Db => typeof (q as Db).onChange === 'function';

/** Whole tables as dependencies: any write to one of them. */
export const onTables = (tables: string[] | undefined): Dep[] | undefined => tables?.map((table) => ({ table }));

/**
 * `read()`'s answer for `key` in the cache named `kind` (one per database), read again only after
 * a write to what it depends on (`deps`). Without them (a read of something else too, or of the
 * clock) or inside a transaction it is simply read.
 */
export async function cachedRead<T>(
  q: Queryable,
  kind: { name: string; max: number },
  key: string,
  deps: Dep[] | undefined,
  read: () => Promise<T>,
): Promise<T> {
  if (!deps || !isDb(q)) return read();
  let byKind = caches.get(q);
  if (!byKind) caches.set(q, (byKind = new Map()));
  let cache = byKind.get(kind.name);
  if (!cache) byKind.set(kind.name, (cache = new ReadCache(q, kind.max)));
  const hit = cache.get(key);
  if (hit !== undefined) return hit as T;
  const stamp = cache.stamp();
  const value = await read();
  cache.keep(key, { value, deps }, stamp);
  return value;
}
