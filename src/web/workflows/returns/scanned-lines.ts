/** A return's line as its receive dialog reads it. */
export interface ReturnLine {
  id: number;
  skuId: number;
  pieces: number;
  reason: number;
}

/**
 * Each line's share of the pieces scanned of its SKU on the scan screen (issue 42), as an inbound
 * confirmed after scanning shares them out (scan-records.ts, inboundLinesFollowScans): the SKU's
 * lines in order, each up to what it asked, the last one the rest, an over-count included.
 * Undefined while nothing was counted: the lines then start as requested.
 */
export function scannedByLine(
  lines: readonly ReturnLine[],
  scanned: readonly { skuId: number; scanned: number }[],
): Map<number, number> | undefined {
  if (!scanned.some((s) => s.scanned > 0)) return undefined;
  const left = new Map(scanned.map((s) => [s.skuId, s.scanned]));
  const ordered = [...lines].sort((a, b) => a.id - b.id);
  const last = new Map(ordered.map((line) => [line.skuId, line.id]));
  return new Map(
    ordered.map((line) => {
      const rest = left.get(line.skuId) ?? 0;
      const share = last.get(line.skuId) === line.id ? rest : Math.min(rest, line.pieces);
      left.set(line.skuId, rest - share);
      return [line.id, share];
    }),
  );
}
