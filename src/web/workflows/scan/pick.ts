import { lotIdOfCode } from '../../../domain/barcode';
import type { LotPieces } from '../../../domain/scan-totals';
import type { LoggedScan } from './scan-log-types';

export interface Pick {
  lineId: number;
  skuId: number;
  skuTitle: string;
  skuBarcode: string | null;
  lotId: number;
  lotCode: string;
  inboundDate: string;
  pieces: number;
  pallets: number;
}

/** Two plans take the same pieces from the same lots. */
export const samePlan = (a: Pick[], b: Pick[]) =>
  a.length === b.length && a.every((p, i) => p.lotId === b[i].lotId && p.pieces === b[i].pieces);

export type PickVerdict =
  | { kind: 'notALot' }
  | { kind: 'taken'; pick: Pick }
  | { kind: 'again'; pick: Pick }
  | { kind: 'wrong'; lotId: number; expected?: Pick };

/**
 * What a scanned code means for the picks still open: the take it confirms, one already scanned,
 * or a lot not to be taken, with the take to go to instead (the next one of the same SKU when the
 * lot is of a SKU on the outbound, else the next one at all).
 */
export function judgeScan(code: string, picks: Pick[], picked: Set<number>, skuOfLot?: number): PickVerdict {
  const lotId = lotIdOfCode(code);
  if (lotId === undefined) return { kind: 'notALot' };
  const pick = picks.find((p) => p.lotId === lotId);
  if (pick) return picked.has(lotId) ? { kind: 'again', pick } : { kind: 'taken', pick };
  const open = picks.filter((p) => !picked.has(p.lotId));
  return { kind: 'wrong', lotId, expected: open.find((p) => p.skuId === skuOfLot) ?? open[0] };
}

/** The pieces the plan takes from each lot: one lot may serve two lines of the same SKU. */
export const piecesPerLot = (picks: readonly Pick[]) => {
  const sums = new Map<number, number>();
  for (const p of picks) sums.set(p.lotId, (sums.get(p.lotId) ?? 0) + p.pieces);
  return sums;
};

/**
 * The lots picked whole: what the server counted of each, with this device's scans it has not
 * answered yet, reaches what the plan takes from it. A lot another phone picked counts as picked.
 */
export function pickedLots(picks: readonly Pick[], counted: readonly LotPieces[], waiting: readonly LoggedScan[]) {
  const scanned = new Map(counted.map((l) => [l.lotId, l.pieces]));
  for (const scan of waiting) {
    const lotId = lotIdOfCode(scan.code);
    if (lotId !== undefined) scanned.set(lotId, (scanned.get(lotId) ?? 0) + scan.pieces);
  }
  const picked = new Set<number>();
  for (const [lotId, pieces] of piecesPerLot(picks)) if ((scanned.get(lotId) ?? 0) >= pieces) picked.add(lotId);
  return picked;
}
