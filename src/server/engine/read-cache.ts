import type { RowsChanged } from '../db/changes';
import { callerReadAfter } from '../auth/caller';
import type { Db, Queryable } from '../db/types';

/**
 * What a kept read depends on: rows of `table`, only those of `orgs` (a list scoped to the viewer's
 * organizations) or only the row `id` (a record) when given, any row otherwise. With `columns`
 * (a list's page or total: the columns its conditions and sort read), an update is a change to it
 * only when it changed one of them or one of the rows it `shows`; an insert or a delete always is.
 */
export interface Dep {
  table: string;
  orgs?: readonly number[];
  id?: number;
  columns?: readonly string[];
  shows?: readonly number[];
}

interface Entry {
  value: unknown;
  deps: Dep[];
  /** About how many bytes the value holds (sizeOf). */
  size: number;
}

/**
 * Bytes a kind of read may hold when it does not say (issue 38): entry counts alone let one Excel
 * export, reading 1,000-row pages to the end, keep a whole table in memory.
 */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * About the bytes a kept answer holds: its JSON's characters, two bytes each as a JavaScript string
 * holds them. Objects weigh more than their JSON, but the bound is on what grows with the answer's
 * size, and JSON.stringify is native: a 20-row page costs microseconds, on a miss only.
 */
const sizeOf = (value: unknown) => 2 * (JSON.stringify(value)?.length ?? 0);

const hits = (dep: Dep, rows: RowsChanged | undefined) =>
  !rows ||
  ((dep.id === undefined || !rows.ids || rows.ids.includes(dep.id)) &&
    (dep.orgs === undefined || !rows.orgs || dep.orgs.some((org) => rows.orgs!.includes(org))) &&
    (dep.columns === undefined || !rows.columns || updateHits(dep.columns, dep.shows, rows.columns, rows.ids)));

/** An update changes a list's page through a column the list reads (rows move in, out or around) or a row it shows. */
const updateHits = (
  read: readonly string[],
  shows: readonly number[] | undefined,
  changed: readonly string[],
  ids: readonly number[] | undefined,
) => changed.some((c) => read.includes(c)) || (shows !== undefined && (!ids || ids.some((id) => shows.includes(id))));

interface Change {
  seq: number;
  table: string;
  rows?: RowsChanged;
}

/** How many recent changes are remembered for the reads still running; an older read is not kept. */
const RECENT = 512;

/** Kept reads with their keys indexed by what they depend on: any row of a table, or one row by id. */
class Generation {
  readonly entries = new Map<string, Entry>();
  bytes = 0;
  private readonly wide = new Map<string, Set<string>>();
  private readonly rows = new Map<string, Map<number, Set<string>>>();

  add(key: string, entry: Entry) {
    this.entries.set(key, entry);
    this.bytes += entry.size;
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

  drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.bytes -= entry.size;
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
    return entry;
  }

  changed(table: string, rows: RowsChanged | undefined) {
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
}

/**
 * Answers of reads kept until a write to the rows they depend on (db/changes.ts tells, for this
 * instance at once and for others through notifications). A read that was running while such a
 * write committed is not kept. Entries live in two generations of `max / 2`: when the young one is
 * full it becomes the old one and the old one is let go whole, and a read found in the old one
 * moves to the young. Evicting one entry at a time from the front of a Map made each kept read
 * skip the holes its predecessors left (30 µs a read at 20,000 entries, issue 31's profile);
 * this keeps what is read again and costs a few µs.
 */
class ReadCache {
  private young = new Generation();
  private old = new Generation();
  private readonly recent: Change[] = [];
  private seq = 0;
  private epoch = 0;
  /** Keys read once, when a read is kept only from its second (`again`); emptied whole at `max`. */
  private readonly seen?: Set<string>;

  constructor(
    db: Db,
    private readonly max: number,
    private readonly maxBytes: number,
    again: boolean,
  ) {
    if (again) this.seen = new Set();
    db.onChange((table, rows) => (table === null ? this.dropAll() : this.changed(table, rows)));
  }

  get = (key: string) => {
    const young = this.young.entries.get(key);
    if (young) return young.value;
    const old = this.old.drop(key);
    if (!old) return undefined;
    this.add(key, old);
    return old.value;
  };

  stamp = () => ({ epoch: this.epoch, seq: this.seq });

  /** Bytes held by both generations: at most maxBytes, whatever is read. */
  held = () => this.young.bytes + this.old.bytes;

  keep(key: string, entry: Omit<Entry, 'size'>, stamp: { epoch: number; seq: number }) {
    if (stamp.epoch !== this.epoch) return;
    if (this.seen && !this.seen.delete(key)) {
      if (this.seen.size >= this.max) this.seen.clear();
      this.seen.add(key);
      return;
    }
    if (stamp.seq < this.seq) {
      const first = this.recent[0]?.seq ?? this.seq + 1;
      if (stamp.seq + 1 < first) return;
      for (const change of this.recent)
        if (change.seq > stamp.seq && entry.deps.some((d) => d.table === change.table && hits(d, change.rows))) return;
    }
    const size = sizeOf(entry.value);
    // Past a quarter of the budget one answer would push out everything else: it is read each time.
    if (size > this.maxBytes / 4) return;
    this.young.drop(key);
    this.old.drop(key);
    this.add(key, { ...entry, size });
  }

  private add(key: string, entry: Entry) {
    if (this.young.entries.size >= this.max / 2 || this.young.bytes + entry.size > this.maxBytes / 2) {
      this.old = this.young;
      this.young = new Generation();
    }
    this.young.add(key, entry);
  }

  private changed(table: string, rows: RowsChanged | undefined) {
    this.recent.push({ seq: ++this.seq, table, rows });
    if (this.recent.length > RECENT) this.recent.shift();
    this.young.changed(table, rows);
    this.old.changed(table, rows);
  }

  private dropAll() {
    this.epoch++;
    this.young = new Generation();
    this.old = new Generation();
  }
}

/**
 * A cache of one kind of read, of at most `max` entries and `maxBytes` bytes. With `again`, a read is kept only when
 * asked for a second time (TinyLFU's doorkeeper): records by random id, most read once, would
 * otherwise each cost an entry, its indexes and their eviction for nothing (issue 31's record read).
 */
export interface ReadKind {
  name: string;
  max: number;
  maxBytes?: number;
  again?: boolean;
}

const caches = new WeakMap<Db, Map<string, ReadCache>>();
// A transaction's reads may see its own uncommitted writes: only the database itself is cached.
export const isDb = (q: Queryable): q is Db => typeof (q as Db).onChange === 'function';

/** Whole tables as dependencies: any write to one of them. */
export const onTables = (tables: string[] | undefined): Dep[] | undefined => tables?.map((table) => ({ table }));

/**
 * `read()`'s answer for `key` in the cache named `kind` (one per database), read again only after
 * a write to what it depends on (`deps`, or what the answer read shows it depends on: a page its
 * rows). Without them (a read of something else too, or of the clock), inside a transaction, or
 * while the database's changes are not known to be heard (Db.trusted) it is simply read.
 */
export async function cachedRead<T>(
  q: Queryable,
  kind: ReadKind,
  key: string,
  deps: Dep[] | ((value: T) => Dep[]) | undefined,
  read: () => Promise<T>,
): Promise<T> {
  // Not known to hear every change (a listener without its heartbeat): read past every cache.
  if (!deps || !isDb(q) || !q.trusted(callerReadAfter())) return read();
  let byKind = caches.get(q);
  if (!byKind) caches.set(q, (byKind = new Map()));
  let cache = byKind.get(kind.name);
  if (!cache)
    byKind.set(
      kind.name,
      (cache = new ReadCache(q, kind.max, kind.maxBytes ?? DEFAULT_MAX_BYTES, kind.again === true)),
    );
  const hit = cache.get(key);
  if (hit !== undefined) return hit as T;
  const stamp = cache.stamp();
  const value = await read();
  if (q.trusted(callerReadAfter()))
    cache.keep(key, { value, deps: typeof deps === 'function' ? deps(value) : deps }, stamp);
  return value;
}

/** Bytes the cache of `kind` holds on this database (the bench prints it; a test holds it to the bound). */
export const heldBytes = (q: Db, kind: Pick<ReadKind, 'name'>) => caches.get(q)?.get(kind.name)?.held() ?? 0;
