import { openDB, type DBSchema } from 'idb';
import type { LoggedScan, TrayScan } from './scan-log-types';
import type { ScanStore } from './scan-store';

/** In the order taken: the key counts up, so a cursor reads the oldest first. */
type Kept<T> = T & { seq?: number };

interface ScanLogSchema extends DBSchema {
  waiting: { key: number; value: Kept<LoggedScan>; indexes: { id: string } };
  tray: { key: number; value: Kept<TrayScan>; indexes: { id: string } };
}

const bare = <T extends { seq?: number }>({ seq: _seq, ...scan }: T) => scan;

/**
 * The scan log in the device's IndexedDB, which a reload, a closed tab or a restarted phone keeps,
 * shared by the tabs of the app's origin. Asks the browser to keep it under storage pressure too.
 */
export async function idbScanStore(): Promise<ScanStore> {
  const db = await openDB<ScanLogSchema>('scan-log', 1, {
    upgrade(database) {
      for (const name of ['waiting', 'tray'] as const)
        database
          .createObjectStore(name, { keyPath: 'seq', autoIncrement: true })
          .createIndex('id', 'id', { unique: true });
    },
  });
  void navigator.storage?.persist?.().catch(() => undefined);
  return {
    read: async () => {
      const tx = db.transaction(['waiting', 'tray']);
      const [waiting, tray] = await Promise.all([tx.objectStore('waiting').getAll(), tx.objectStore('tray').getAll()]);
      return { waiting: waiting.map(bare), tray: tray.map(bare) };
    },
    add: async (scan) => {
      await db.add('waiting', scan);
    },
    settle: async (ids, refused) => {
      const tx = db.transaction(['waiting', 'tray'], 'readwrite');
      const waiting = tx.objectStore('waiting');
      const tray = tx.objectStore('tray');
      await Promise.all([
        ...ids.map(async (id) => {
          const key = await waiting.index('id').getKey(id);
          if (key !== undefined) await waiting.delete(key);
        }),
        // A scan another tab already put in the tray (unique id) stays there once.
        ...refused.map(async (scan) => {
          if ((await tray.index('id').getKey(scan.id)) === undefined) await tray.add(scan);
        }),
        tx.done,
      ]);
    },
    removeFromTray: async (id) => {
      const tx = db.transaction('tray', 'readwrite');
      const key = await tx.store.index('id').getKey(id);
      if (key !== undefined) await tx.store.delete(key);
      await tx.done;
    },
  };
}
