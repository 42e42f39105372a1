import { idbScanStore } from './idb-scan-store';
import type { LoggedScan, TrayScan } from './scan-log-types';
import { memoryScanStore, type ScanStore, type StoredLog } from './scan-store';

/** IndexedDB where the browser has it and lets it open (not in every private window): else the page's memory. */
const stores: Promise<ScanStore> =
  typeof indexedDB === 'undefined' ? Promise.resolve(memoryScanStore()) : idbScanStore().catch(() => memoryScanStore());

/** The tabs of this device tell each other that the log changed: each shows what the others scanned and sent. */
const tabs = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('scan-log');

/** Scans being written: shown at once, though the store has not taken them yet. */
let unsaved: LoggedScan[] = [];
let snapshot: StoredLog = { waiting: [], tray: [] };
let loaded: Promise<void> | undefined;
const listeners = new Set<() => void>();

const publish = (stored: StoredLog) => {
  const saved = new Set(stored.waiting.map((s) => s.id));
  snapshot = { waiting: [...stored.waiting, ...unsaved.filter((s) => !saved.has(s.id))], tray: stored.tray };
  listeners.forEach((listener) => listener());
};

let reads = 0;
let shown = 0;
/** Reads the stored log and shows it, unless a read begun after this one was shown already. */
const reload = async () => {
  const read = ++reads;
  const stored = await (await stores).read();
  if (read < shown) return;
  shown = read;
  publish(stored);
};

/** After a change to the stored log: shown here and in the other tabs. */
const changed = async () => {
  tabs?.postMessage('changed');
  await reload();
};

tabs?.addEventListener('message', () => void reload());

/**
 * The device's log of scans not yet answered by the server, and the tray of those it refused: the
 * one place the scan screen and the sender meet. A scan is shown the moment it is added (the
 * worker's feedback never waits) and sent once the store holds it.
 */
export const scanLog = {
  /** What the screen shows: the same object until something changes (React's external store). */
  snapshot: () => snapshot,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    loaded ??= reload();
    return () => {
      listeners.delete(listener);
    };
  },
  /** The log as stored, which is what may be sent. */
  stored: async () => (await stores).read(),
  add: async (scan: LoggedScan) => {
    unsaved = [...unsaved, scan];
    publish({ ...snapshot, waiting: snapshot.waiting.filter((s) => !unsaved.includes(s)) });
    try {
      await (await stores).add(scan);
    } finally {
      unsaved = unsaved.filter((s) => s !== scan);
      await changed();
    }
  },
  settle: async (ids: readonly string[], refused: readonly TrayScan[]) => {
    await (await stores).settle(ids, refused);
    await changed();
  },
  removeFromTray: async (id: string) => {
    await (await stores).removeFromTray(id);
    await changed();
  },
};
