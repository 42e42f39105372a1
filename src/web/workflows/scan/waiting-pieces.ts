import type { LoggedScan } from './scan-log-types';

/** How a screen's lines take scans: the line a code counts on, its key, and the line with pieces added. */
export interface ScanCounting<L> {
  lineOf: (lines: readonly L[], code: string) => L | undefined;
  keyOf: (line: L) => number;
  add: (line: L, pieces: number) => L;
}

/**
 * The lines as the server counted them with this device's scans it has not answered yet added.
 * `known` are scan ids the server's answer already counted (a scan sent while the lines were read
 * is in both until its own answer comes back): they are not added twice. A line nothing waits for
 * is the same object, so its row is not drawn again.
 */
export function withWaitingScans<L>(
  counting: ScanCounting<L>,
  lines: readonly L[],
  waiting: readonly LoggedScan[],
  known: ReadonlySet<string> = new Set(),
): L[] {
  const added = new Map<number, number>();
  for (const scan of waiting) {
    if (known.has(scan.id)) continue;
    const line = counting.lineOf(lines, scan.code);
    if (line) added.set(counting.keyOf(line), (added.get(counting.keyOf(line)) ?? 0) + scan.pieces);
  }
  return lines.map((line) => {
    const pieces = added.get(counting.keyOf(line));
    return pieces === undefined ? line : counting.add(line, pieces);
  });
}
