import { lotIdOfCode } from '../../../domain/barcode';
import { http } from '../../providers/http';

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

export const picksOf = (outboundId: number) =>
  http.get<{ rows: Pick[]; short: number }>(`/inventory/outbounds/${outboundId}/picks`);

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
