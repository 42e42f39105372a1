import { lotIdOfCode } from '../../../domain/barcode';
import type { LoggedScan } from './scan-log-types';

/** A cycle count's line as its counter reads it: what to count, never what is expected (issue 42). */
export interface CountLine {
  id: number;
  lotId: number;
  skuId: number;
  /** Null until the lot is counted. */
  counted: number | null;
  recounted: boolean;
}

/** The line a scanned lot label counts on; a SKU's barcode the server alone can place. */
export const lineOfCountCode = (lines: readonly CountLine[], code: string) => {
  const lotId = lotIdOfCode(code);
  return lotId === undefined ? undefined : lines.find((line) => line.lotId === lotId);
};

/**
 * The lines as the server counted them with this device's scans of them it has not answered yet
 * added; `known` are scan ids the server's answer already counted. A line nothing waits for is the
 * same object, so its row is not drawn again.
 */
export function countedWithWaiting(
  lines: readonly CountLine[],
  waiting: readonly LoggedScan[],
  known: ReadonlySet<string> = new Set(),
): CountLine[] {
  const added = new Map<number, number>();
  for (const scan of waiting) {
    if (known.has(scan.id)) continue;
    const line = lineOfCountCode(lines, scan.code);
    if (line) added.set(line.id, (added.get(line.id) ?? 0) + scan.pieces);
  }
  return lines.map((line) =>
    added.has(line.id) ? { ...line, counted: (line.counted ?? 0) + added.get(line.id)! } : line,
  );
}

/** Lines the server answered replace the ones read before, by id; the rest stay. */
export const mergeLines = (lines: readonly CountLine[], answered: readonly CountLine[]) => {
  const fresh = new Map(answered.map((line) => [line.id, line]));
  return lines.map((line) => fresh.get(line.id) ?? line);
};
