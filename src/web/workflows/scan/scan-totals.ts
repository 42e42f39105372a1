import type { ScanLine } from '../../../domain/scan-totals';
import type { LoggedScan } from './scan-log-types';
import { withWaitingScans, type ScanCounting } from './waiting-pieces';

/** The line a scanned code counts on: the server matches the SKU's barcode exactly. */
export const lineOfCode = (lines: readonly ScanLine[], code: string) => lines.find((l) => l.barcode === code);

/** A receive or pick line takes a scan on its SKU's barcode; what is short or over follows. */
const BY_SKU: ScanCounting<ScanLine> = {
  lineOf: lineOfCode,
  keyOf: (line) => line.skuId,
  add: (line, pieces) => {
    const scanned = line.scanned + pieces;
    return {
      ...line,
      scanned,
      short: Math.max(line.expected - scanned, 0),
      over: Math.max(scanned - line.expected, 0),
    };
  },
};

/**
 * The server's totals with this device's scans it has not acknowledged yet added, counted against
 * the lines the device has (`known`: see withWaitingScans).
 */
export const withWaiting = (lines: readonly ScanLine[], waiting: readonly LoggedScan[], known?: ReadonlySet<string>) =>
  withWaitingScans(BY_SKU, lines, waiting, known);
