import type { TFunction } from 'i18next';
import { sumDecimals } from '../../../domain/money';
import { http } from '../../providers/http';

/** One day-run of a lot in a band: why a storage line costs what it does. */
export interface StorageDay {
  lotId: number;
  skuId: number;
  skuTitle?: string;
  inboundDate: string;
  segmentFrom: number;
  segmentTo: number | null;
  pallets: number;
  dateFrom: string;
  dateTo: string;
  days: number;
  unitPrice: number;
  amount: number;
}

export interface BillLine {
  id?: number;
  feeType: number;
  subType?: number | null;
  unit?: number | null;
  description?: string | null;
  quantity?: number | null;
  unitPrice?: number | null;
  amount: number;
  segmentFrom?: number | null;
  segmentTo?: number | null;
  expenseId?: number | null;
  /** The document the line's expense charged (answered by the server, never sent). */
  inboundId?: number | null;
  outboundId?: number | null;
  deliveryId?: number | null;
  edited?: boolean;
  explanation?: StorageDay[];
  /** The line's latest dispute and its state; a credit line's dispute (issue 43). */
  disputeId?: number | null;
  disputeStatus?: number | null;
  creditFor?: number | null;
}

export const fetchBillLines = (billId: number | string) =>
  http.get<{ rows: BillLine[] }>(`/finance/bills/${billId}/lines`).then((d) => d.rows);

/** Two decimals, exact (the API's numeric amounts, never summed as floats here). */
export const money = (value: number | string | null | undefined) => sumDecimals([value ?? 0]);

/** The kind of charge a line is: storage days with their band, or its fee (sub)type. */
export const lineKind = (t: TFunction, line: BillLine) =>
  line.subType === 101
    ? line.segmentTo == null
      ? t('finance.explain.storageLineOpen', { from: line.segmentFrom, palletDays: line.quantity })
      : t('finance.explain.storageLine', { from: line.segmentFrom, to: line.segmentTo, palletDays: line.quantity })
    : line.subType
      ? t(`enums.subFeeType.${line.subType}`)
      : t(`enums.feeType.${line.feeType}`);

/**
 * What a line is, in words: its kind, or the minimum charge; a description follows (a storage
 * line's names its fee model when the prices changed within the period, an event's charge its
 * document, or is what staff wrote).
 */
export const lineText = (t: TFunction, line: BillLine) => {
  if (line.feeType === 9 && !line.description && line.expenseId == null) return t('finance.explain.minimum');
  const what = lineKind(t, line);
  return line.description ? `${what} · ${line.description}` : what;
};
