import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../src/server/db/changes';
import type { Db } from '../../src/server/db/types';
import { cachedRead } from '../../src/server/engine/read-cache';

/** A database that only tells of changes: the cache needs nothing else of it. */
const fakeDb = () => {
  const feed = new ChangeFeed();
  return { db: { onChange: (listener) => feed.on(listener) } as Pick<Db, 'onChange'> as Db, feed };
};
const KIND = { name: 'test', max: 2 };

describe('cachedRead', () => {
  it('answers from the cache until a table it read is written', async () => {
    const { db, feed } = fakeDb();
    let reads = 0;
    const read = () => cachedRead(db, KIND, 'k', ['ports'], async () => ++reads);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    feed.emit('countries');
    expect(await read()).toBe(1);
    feed.emit('ports');
    expect(await read()).toBe(2);
    feed.emit(null);
    expect(await read()).toBe(3);
  });

  it('does not keep a read during which a table it read was written', async () => {
    const { db, feed } = fakeDb();
    let reads = 0;
    await cachedRead(db, KIND, 'k', ['ports'], async () => {
      feed.emit('ports');
      return ++reads;
    });
    expect(await cachedRead(db, KIND, 'k', ['ports'], async () => ++reads)).toBe(2);
  });

  it('reads every time without tables or inside a transaction, and drops the oldest past its size', async () => {
    const { db } = fakeDb();
    let reads = 0;
    await cachedRead(db, KIND, 'k', undefined, async () => ++reads);
    await cachedRead(db, KIND, 'k', undefined, async () => ++reads);
    const tx = { query: async () => [] };
    await cachedRead(tx, KIND, 'k', ['ports'], async () => ++reads);
    await cachedRead(tx, KIND, 'k', ['ports'], async () => ++reads);
    expect(reads).toBe(4);
    for (const key of ['a', 'b', 'c']) await cachedRead(db, KIND, key, ['ports'], async () => ++reads);
    expect(await cachedRead(db, KIND, 'c', ['ports'], async () => -1)).toBe(7);
    expect(await cachedRead(db, KIND, 'a', ['ports'], async () => -1)).toBe(-1);
  });
});
