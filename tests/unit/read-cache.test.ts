import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../src/server/db/changes';
import type { Db } from '../../src/server/db/types';
import { cachedRead, heldBytes } from '../../src/server/engine/read-cache';

/** A database that only tells of changes, and whether it hears them all: the cache needs nothing else of it. */
const fakeDb = () => {
  const feed = new ChangeFeed();
  const hearing = { trusted: true };
  const db = { onChange: (listener) => feed.on(listener), trusted: () => hearing.trusted } as Pick<
    Db,
    'onChange' | 'trusted'
  > as Db;
  return { db, feed, hearing };
};
const KIND = { name: 'test', max: 2 };
const PORTS = [{ table: 'ports' }];

describe('cachedRead', () => {
  it('answers from the cache until a table it read is written', async () => {
    const { db, feed } = fakeDb();
    let reads = 0;
    const read = () => cachedRead(db, KIND, 'k', PORTS, async () => ++reads);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    feed.emit('countries');
    expect(await read()).toBe(1);
    feed.emit('ports');
    expect(await read()).toBe(2);
    feed.emit(null);
    expect(await read()).toBe(3);
  });

  it('reads past the cache and keeps nothing while the changes are not known to be heard (issue 38)', async () => {
    const { db, feed, hearing } = fakeDb();
    let reads = 0;
    const read = () => cachedRead(db, KIND, 'k', PORTS, async () => ++reads);
    expect(await read()).toBe(1);
    hearing.trusted = false;
    feed.emit(null);
    expect(await read()).toBe(2);
    expect(await read()).toBe(3);
    hearing.trusted = true;
    feed.emit(null);
    expect(await read()).toBe(4);
    expect(await read()).toBe(4);
  });

  it('holds at most its bytes, however many large answers are read, and reads one too large each time', async () => {
    const { db } = fakeDb();
    const kind = { name: 'big', max: 10_000, maxBytes: 100_000 };
    const page = (n: number) => Array.from({ length: 100 }, (_, i) => ({ id: n * 100 + i, name: 'x'.repeat(20) }));
    for (let n = 0; n < 1_000; n++) await cachedRead(db, kind, `page ${n}`, PORTS, async () => page(n));
    expect(heldBytes(db, kind)).toBeGreaterThan(0);
    expect(heldBytes(db, kind)).toBeLessThanOrEqual(kind.maxBytes);
    let reads = 0;
    const last = () => cachedRead(db, kind, 'page 999', PORTS, async () => (reads++, page(999)));
    await last();
    expect(reads).toBe(0);
    const huge = () => cachedRead(db, kind, 'huge', PORTS, async () => (reads++, 'x'.repeat(kind.maxBytes)));
    await huge();
    await huge();
    expect(reads).toBe(2);
  });

  it('does not keep a read during which a table it read was written', async () => {
    const { db, feed } = fakeDb();
    let reads = 0;
    await cachedRead(db, KIND, 'k', PORTS, async () => {
      feed.emit('ports');
      return ++reads;
    });
    expect(await cachedRead(db, KIND, 'k', PORTS, async () => ++reads)).toBe(2);
  });

  it('reads every time without tables or inside a transaction, and drops the oldest past its size', async () => {
    const { db } = fakeDb();
    let reads = 0;
    await cachedRead(db, KIND, 'k', undefined, async () => ++reads);
    await cachedRead(db, KIND, 'k', undefined, async () => ++reads);
    const tx = { query: async () => [] };
    await cachedRead(tx, KIND, 'k', PORTS, async () => ++reads);
    await cachedRead(tx, KIND, 'k', PORTS, async () => ++reads);
    expect(reads).toBe(4);
    for (const key of ['a', 'b', 'c']) await cachedRead(db, KIND, key, PORTS, async () => ++reads);
    expect(await cachedRead(db, KIND, 'c', PORTS, async () => -1)).toBe(7);
    expect(await cachedRead(db, KIND, 'a', PORTS, async () => -1)).toBe(-1);
  });

  it('keeps a read asked for again when its size is passed, and lets go of the ones not asked for', async () => {
    const { db } = fakeDb();
    const four = { name: 'four', max: 4 };
    let reads = 0;
    const read = (key: string) => cachedRead(db, four, key, PORTS, async () => ++reads);
    for (const key of ['a', 'b', 'c']) await read(key);
    expect(await read('a')).toBe(1);
    await read('d');
    await read('e');
    expect(reads).toBe(5);
    expect(await read('a')).toBe(1);
    expect(await read('b')).toBe(6);
  });

  it("keeps an organization's pages through a write to another's, and a record through a write to another", async () => {
    const { db, feed } = fakeDb();
    let reads = 0;
    const big = { name: 'rows', max: 100 };
    const page = (org: number) =>
      cachedRead(db, big, `page${org}`, [{ table: 'products', orgs: [org] }], async () => ++reads);
    const record = (id: number) => cachedRead(db, big, `record${id}`, [{ table: 'products', id }], async () => ++reads);
    const [a, b, five, six] = [await page(1), await page(2), await record(5), await record(6)];
    feed.emit('products', { ids: [5], orgs: [1] });
    expect([await page(1), await page(2), await record(5), await record(6)]).toEqual([5, b, 6, six]);
    expect(a).not.toBe(5);
    expect(five).not.toBe(6);
    // Organizations unknown (a child table, or many): every page goes, records by their ids only.
    feed.emit('products', { ids: [9] });
    expect(await page(2)).toBe(7);
    expect(await record(6)).toBe(six);
    // Ids unknown too: the whole table.
    feed.emit('products', { orgs: [3] });
    expect(await record(6)).toBe(8);
    expect(await page(2)).toBe(7);
  });

  it("does not keep a read during which its rows changed, but keeps one during another organization's write", async () => {
    const { db, feed } = fakeDb();
    let reads = 0;
    const deps = [{ table: 'products', orgs: [1] }];
    await cachedRead(db, KIND, 'k', deps, async () => {
      feed.emit('products', { ids: [1], orgs: [2] });
      return ++reads;
    });
    expect(await cachedRead(db, KIND, 'k', deps, async () => -1)).toBe(1);
    await cachedRead(db, KIND, 'j', deps, async () => {
      feed.emit('products', { ids: [2], orgs: [1] });
      return ++reads;
    });
    expect(await cachedRead(db, KIND, 'j', deps, async () => ++reads)).toBe(3);
  });

  it('with `again`, keeps a read only from its second asking, and forgets the once-read past its size', async () => {
    const { db, feed } = fakeDb();
    const again = { name: 'again', max: 2, again: true };
    let reads = 0;
    const read = (key: string) => cachedRead(db, again, key, PORTS, async () => ++reads);
    expect([await read('a'), await read('a'), await read('a')]).toEqual([1, 2, 2]);
    feed.emit('ports');
    expect([await read('a'), await read('a'), await read('a')]).toEqual([3, 4, 4]);
    // Two more keys read once fill the memory of first readings: 'b' read again is a first reading.
    for (const key of ['b', 'c', 'd']) await read(key);
    expect([await read('b'), await read('b')]).toEqual([8, 9]);
  });

  it('keeps a page through an update of rows it does not show, unless the update changed a column its conditions or sort read', async () => {
    const { db, feed } = fakeDb();
    let reads = 0;
    const big = { name: 'pages', max: 100 };
    // A page of products 5 and 6, filtered by status and sorted by name (its rows name what it
    // shows); its total reads the status alone.
    const page = () =>
      cachedRead(
        db,
        big,
        'page',
        (rows: { ids: number[] }) => [
          { table: 'products', orgs: [1], columns: ['status', 'name_en', 'id'], shows: rows.ids },
        ],
        async () => ({ read: ++reads, ids: [5, 6] }),
      );
    const total = () => cachedRead(db, big, 'total', [{ table: 'products', columns: ['status'] }], async () => ++reads);
    const [first, counted] = [await page(), await total()];
    feed.emit('products', { ids: [9], orgs: [1], columns: ['remarks', 'version'] });
    expect([await page(), await total()]).toEqual([first, counted]);
    // One of its rows changed: the page goes, the total stays.
    feed.emit('products', { ids: [6], orgs: [1], columns: ['remarks'] });
    const second = await page();
    expect(second).not.toBe(first);
    expect(await total()).toBe(counted);
    // A row elsewhere renamed may move onto the page; a status changed may change both.
    feed.emit('products', { ids: [9], orgs: [1], columns: ['name_en'] });
    const third = await page();
    expect([third === second, await total()]).toEqual([false, counted]);
    feed.emit('products', { ids: [9], orgs: [1], columns: ['status'] });
    expect([(await page()) === third, (await total()) === counted]).toEqual([false, false]);
    // An insert or a delete (no columns) changes every page and total of its organizations.
    const [fourth, recounted] = [await page(), await total()];
    feed.emit('products', { ids: [10], orgs: [1] });
    expect([(await page()) === fourth, (await total()) === recounted]).toEqual([false, false]);
    // Many rows (ids unknown) updated in a column only the page shows: the page goes, the total stays.
    const [fifth, sixth] = [await page(), await total()];
    feed.emit('products', { orgs: [1], columns: ['remarks'] });
    expect([(await page()) === fifth, await total()]).toEqual([false, sixth]);
  });
});
