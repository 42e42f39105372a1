import type { Db, Queryable } from '../db/types';

interface Entry {
  value: unknown;
  tables: string[];
}

/**
 * Answers of reads kept until a write to one of the tables they read (db/changes.ts tells, for
 * this instance at once and for others through notifications). A read that was running while such
 * a write committed is not kept: each table's generation must be the same before and after it.
 * Past `max` entries the oldest goes first.
 */
class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;

  constructor(
    db: Db,
    private readonly max: number,
  ) {
    db.onChange((table) => (table === null ? this.dropAll() : this.drop(table)));
  }

  get = (key: string) => this.entries.get(key)?.value;

  stamp = (tables: string[]) => `${this.epoch}:${tables.map((t) => this.generations.get(t) ?? 0).join(',')}`;

  keep(key: string, entry: Entry, stamp: string) {
    if (stamp !== this.stamp(entry.tables)) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }

  private drop(table: string) {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (entry.tables.includes(table)) this.entries.delete(key);
  }

  private dropAll() {
    this.epoch++;
    this.entries.clear();
  }
}

const caches = new WeakMap<Db, Map<string, ReadCache>>();
// A transaction's reads may see its own uncommitted writes: only the database itself is cached.
const isDb = (q: Queryable): q is Db => typeof (q as Db).onChange === 'function';

/**
 * `read()`'s answer for `key` in the cache named `kind` (one per database), read again only after
 * a write to one of `tables`, the tables it reads. Without `tables` (a read of something else too,
 * or of the clock) or inside a transaction it is simply read.
 */
export async function cachedRead<T>(
  q: Queryable,
  kind: { name: string; max: number },
  key: string,
  tables: string[] | undefined,
  read: () => Promise<T>,
): Promise<T> {
  if (!tables || !isDb(q)) return read();
  let byKind = caches.get(q);
  if (!byKind) caches.set(q, (byKind = new Map()));
  let cache = byKind.get(kind.name);
  if (!cache) byKind.set(kind.name, (cache = new ReadCache(q, kind.max)));
  const hit = cache.get(key);
  if (hit !== undefined) return hit as T;
  const stamp = cache.stamp(tables);
  const value = await read();
  cache.keep(key, { value, tables }, stamp);
  return value;
}
