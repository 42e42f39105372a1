import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ScanTotals } from '../../../domain/scan-totals';
import { http } from '../../providers/http';
import type { DocumentKind } from './documents';
import { scanLog } from './scan-log';
import type { LoggedScan } from './scan-log-types';
import { sender } from './scan-sender';
import { withWaiting } from './scan-totals';
import { useLiveRecord } from './use-live-record';

export interface ServerTotals extends ScanTotals {
  /** Ids of the newest scans the server counted in these totals, not to be added again as waiting. */
  known: string[];
}

/** The newest scans named with the totals: more than one batch the device may have on its way. */
const KNOWN_LIMIT = 100;

const totalsOf = async (document: DocumentKind, id: number): Promise<ServerTotals> => {
  const answer = await http.get<ScanTotals & { log: { id: string }[] }>(`/inventory/${document}/${id}/scans`, {
    query: { limit: KNOWN_LIMIT },
    silent: true,
  });
  return { lines: answer.lines, lots: answer.lots, users: answer.users, known: answer.log.map((entry) => entry.id) };
};

const keyOf = (document: DocumentKind, id: number | undefined) => ['scan-lines', document, id];

/**
 * The document's totals last read and this device's scans of it still waiting, read from the cache
 * and the log themselves, not from the last render, which a fast scanner outruns. Undefined while
 * the lines are not read yet.
 */
export function totalsNow(
  queryClient: QueryClient,
  document: DocumentKind,
  id: number,
): { totals: ServerTotals; waiting: LoggedScan[] } | undefined {
  const totals = queryClient.getQueryData<ServerTotals>(keyOf(document, id));
  if (!totals) return undefined;
  const known = new Set(totals.known);
  const waiting = scanLog
    .snapshot()
    .waiting.filter((s) => s.document === document && s.documentId === id && !known.has(s.id));
  return { totals, waiting };
}

/** The document's counts this instant, for the feedback of a scan: the totals with the scans still waiting added. */
export function countsNow(queryClient: QueryClient, document: DocumentKind, id: number) {
  const now = totalsNow(queryClient, document, id);
  return now && withWaiting(now.totals.lines, now.waiting);
}

/**
 * The server's totals of the document being scanned: read whole when it is taken up, again when
 * another phone's scans of it arrive on the live stream, and from the answer to each batch this
 * device sends (whose scans are named as known until the log lets them go).
 */
export function useScanLines(document: DocumentKind, id: number | undefined) {
  const queryClient = useQueryClient();
  const queryKey = keyOf(document, id);
  const query = useQuery({
    queryKey,
    enabled: id !== undefined,
    // Tried even when the browser says it is offline: the app's service worker may answer.
    networkMode: 'offlineFirst',
    queryFn: () => totalsOf(document, id!),
  });
  useLiveRecord(document, id, () => queryClient.invalidateQueries({ queryKey }));
  useEffect(
    () =>
      sender.onAnswer((batch, totals) => {
        if (batch[0].document !== document || batch[0].documentId !== id) return;
        const key = keyOf(document, id);
        // A read begun before this batch was counted would answer older totals after these.
        void queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData<ServerTotals>(key, { ...totals, known: batch.map((s) => s.id) });
      }),
    [queryClient, document, id],
  );
  return query;
}
