import { lotIdOfCode } from '../../../domain/barcode';
import type { LoggedScan } from './scan-log-types';
import { withWaitingScans, type ScanCounting } from './waiting-pieces';

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

/** A count's line takes a scan on its lot's label, and counts its pieces. */
const BY_LOT: ScanCounting<CountLine> = {
  lineOf: lineOfCountCode,
  keyOf: (line) => line.id,
  add: (line, pieces) => ({ ...line, counted: (line.counted ?? 0) + pieces }),
};

/** The lines as the server counted them with this device's scans of them it has not answered yet added. */
export const countedWithWaiting = (
  lines: readonly CountLine[],
  waiting: readonly LoggedScan[],
  known?: ReadonlySet<string>,
) => withWaitingScans(BY_LOT, lines, waiting, known);

/** Lines the server answered replace the ones read before, by id; the rest stay. */
export const mergeLines = (lines: readonly CountLine[], answered: readonly CountLine[]) => {
  const fresh = new Map(answered.map((line) => [line.id, line]));
  return lines.map((line) => fresh.get(line.id) ?? line);
};
