import type { ScanLine } from '../../../domain/scan-totals';
import type { LoggedScan } from './scan-log-types';

/** The line a scanned code counts on: the server matches the SKU's barcode exactly. */
export const lineOfCode = (lines: readonly ScanLine[], code: string) => lines.find((l) => l.barcode === code);

/**
 * The server's totals with this device's scans it has not acknowledged yet added, counted against
 * the lines the device has. `known` are scan ids the server's answer already counted (a scan sent
 * while the totals were read is in both until its own answer comes back): they are not added twice.
 */
export function withWaiting(
  lines: readonly ScanLine[],
  waiting: readonly LoggedScan[],
  known: ReadonlySet<string> = new Set(),
): ScanLine[] {
  const added = new Map<number, number>();
  for (const scan of waiting) {
    if (known.has(scan.id)) continue;
    const line = lineOfCode(lines, scan.code);
    if (line) added.set(line.skuId, (added.get(line.skuId) ?? 0) + scan.pieces);
  }
  return lines.map((line) => {
    // The same object where nothing waits: a line's row is then not drawn again.
    if (!added.has(line.skuId)) return line;
    const scanned = line.scanned + added.get(line.skuId)!;
    return {
      ...line,
      scanned,
      short: Math.max(line.expected - scanned, 0),
      over: Math.max(scanned - line.expected, 0),
    };
  });
}
