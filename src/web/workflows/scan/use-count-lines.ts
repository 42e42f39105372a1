import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../providers/http';
import { countedWithWaiting, mergeLines, type CountLine } from './count-lines';
import { scanLog } from './scan-log';
import { sender } from './scan-sender';
import { useLiveRecord } from './use-live-record';

/** The lines a phone holds of a count: enough for an aisle's lots; the server counts any lot scanned. */
const LINES_READ = 500;

export interface CountLines {
  lines: CountLine[];
  /** How many lines the count has, read or not. */
  total: number;
  /** Each SKU's title, by id. */
  titles: Record<string, string>;
  /** Ids of scans the server counted in these lines, not to be added again as waiting. */
  known: string[];
}

type Page = { rows: CountLine[]; total: number; labels?: { skuId?: Record<string, { title?: string }> } };

const linesOf = async (id: number): Promise<CountLines> => {
  const page = await http.get<Page>(`/inventory/counts/${id}/lines`, {
    query: { pageSize: LINES_READ, sort: 'id' },
    silent: true,
  });
  const titles = Object.fromEntries(
    Object.entries(page.labels?.skuId ?? {}).map(([skuId, label]) => [skuId, label.title ?? skuId]),
  );
  return { lines: page.rows, total: page.total, titles, known: [] };
};

const keyOf = (id: number | undefined) => ['scan-count-lines', id];

/** The lines this instant, from the cache and the log themselves: a fast scanner outruns the render. */
export function countLinesNow(queryClient: QueryClient, id: number) {
  const read = queryClient.getQueryData<CountLines>(keyOf(id));
  if (!read) return undefined;
  const waiting = scanLog.snapshot().waiting.filter((s) => s.document === 'counts' && s.documentId === id);
  return countedWithWaiting(read.lines, waiting, new Set(read.known));
}

/**
 * A count's lines as its counter sees them, blind (the server answers no expected pieces to a
 * counter without the right, and this screen shows none to anyone): read when the count is taken
 * up, again when another phone's counts of it arrive live, and from the answer to each batch of
 * this device's scans.
 */
export function useCountLines(id: number | undefined) {
  const queryClient = useQueryClient();
  const queryKey = keyOf(id);
  const query = useQuery({
    queryKey,
    enabled: id !== undefined,
    // Tried even when the browser says it is offline: the app's service worker may answer.
    networkMode: 'offlineFirst',
    queryFn: () => linesOf(id!),
  });
  useLiveRecord('counts', id, () => queryClient.invalidateQueries({ queryKey }));
  useEffect(
    () =>
      sender.onAnswer((batch, answer) => {
        if (batch[0].document !== 'counts' || batch[0].documentId !== id) return;
        const key = keyOf(id);
        void queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData<CountLines>(
          key,
          (read) =>
            read && {
              ...read,
              lines: mergeLines(read.lines, answer.lines as unknown as CountLine[]),
              known: batch.map((s) => s.id),
            },
        );
      }),
    [queryClient, id],
  );
  /** After a line's pieces were typed: the line as the server now has it. */
  const typed = (line: CountLine) =>
    queryClient.setQueryData<CountLines>(
      keyOf(id),
      (read) => read && { ...read, lines: mergeLines(read.lines, [line]) },
    );
  return { ...query, typed };
}
