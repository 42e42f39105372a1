import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { DocumentKind } from './documents';
import { scanLog } from './scan-log';
import { sender, startSending } from './scan-sender';

/**
 * The scan log as the screen shows it: the scans of this document still waiting for the server,
 * its tray of refused ones, how many wait on the device in all, and why they wait.
 */
export function useScanLog(document: DocumentKind, documentId: number | undefined) {
  useEffect(startSending, []);
  const log = useSyncExternalStore(scanLog.subscribe, scanLog.snapshot);
  const state = useSyncExternalStore(sender.subscribe, sender.state);
  const mine = useMemo(() => {
    const ofThis = (s: { document: DocumentKind; documentId: number }) =>
      s.document === document && s.documentId === documentId;
    return { waiting: log.waiting.filter(ofThis), tray: log.tray.filter(ofThis) };
  }, [log, document, documentId]);
  return { ...mine, waitingInAll: log.waiting.length, ...state };
}
