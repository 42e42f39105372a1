import type { LoggedScan, TrayScan } from './scan-log-types';

/** What the scan log keeps, in the order the scans were taken. */
export interface StoredLog {
  waiting: LoggedScan[];
  tray: TrayScan[];
}

/** Where the scan log lives: the device's IndexedDB, or the page's memory where there is none. */
export interface ScanStore {
  read(): Promise<StoredLog>;
  add(scan: LoggedScan): Promise<void>;
  /** The server answered these: out of the log, and the refused ones into the tray, at once. */
  settle(ids: readonly string[], refused: readonly TrayScan[]): Promise<void>;
  removeFromTray(id: string): Promise<void>;
}

/** A log in the page's memory: lost with the page, so only where the device has no IndexedDB. */
export function memoryScanStore(): ScanStore {
  let log: StoredLog = { waiting: [], tray: [] };
  return {
    read: async () => ({ waiting: [...log.waiting], tray: [...log.tray] }),
    add: async (scan) => {
      log = { ...log, waiting: [...log.waiting, scan] };
    },
    settle: async (ids, refused) => {
      const done = new Set(ids);
      log = { waiting: log.waiting.filter((s) => !done.has(s.id)), tray: [...log.tray, ...refused] };
    },
    removeFromTray: async (id) => {
      log = { ...log, tray: log.tray.filter((s) => s.id !== id) };
    },
  };
}
