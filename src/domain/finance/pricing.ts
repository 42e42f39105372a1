import { compareDecimals, differenceDecimals, productDecimals, sumDecimals } from '../money';
import { daysBetween } from '../stock-flow';

/**
 * The billing rules of issue 16, pure: a lot's pallet-days priced by the band its age falls in
 * (the inbound date is day 1, whatever day the period starts), count bands for events, and the
 * minimum charge. The server computes the same in SQL; these are what its tests are held to.
 */

/** A price band: ages (or counts) `from`..`to` inclusive, `to` empty for open-ended. */
export interface Segment {
  from: number;
  to?: number | null;
  unitPrice: string | number;
}

export interface Period {
  from: string;
  to: string;
}

/** A lot's pallets over time: in on its inbound date, some taken out on later days. */
export interface LotStock {
  inboundDate: string;
  palletsIn: number;
  takes: { date: string; pallets: number }[];
}

/** Days of one lot in one band at one pallet count: one line of a bill's explanation. */
export interface StorageSlice {
  segment: number;
  pallets: number;
  from: string;
  to: string;
  days: number;
  unitPrice: string;
  amount: string;
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * Spans of constant pallets: a pallet taken out on a day is still billed that day (a lot leaving
 * mid-period is billed to the day it left); after the last take the rest stays to the period end.
 */
export function palletSpans(lot: LotStock, until: string) {
  const byDay = new Map<string, number>();
  // A take of loose pieces (no pallet) leaves the count as it was: no new span.
  for (const t of lot.takes) if (t.pallets > 0) byDay.set(t.date, (byDay.get(t.date) ?? 0) + t.pallets);
  const spans: { from: string; to: string; pallets: number }[] = [];
  let start = lot.inboundDate;
  let pallets = lot.palletsIn;
  for (const [day, taken] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    spans.push({ from: start, to: day, pallets });
    pallets -= taken;
    start = addDays(day, 1);
  }
  spans.push({ from: start, to: until, pallets });
  return spans.filter((s) => s.pallets > 0 && s.from <= s.to);
}

/** Pallet-days of one lot within a period, cut by the age bands, each slice priced. */
export function lotStorage(lot: LotStock, period: Period, segments: Segment[]): StorageSlice[] {
  const slices: StorageSlice[] = [];
  for (const span of palletSpans(lot, period.to))
    segments.forEach((segment, index) => {
      const from = later(later(span.from, period.from), addDays(lot.inboundDate, segment.from - 1));
      const bandEnd = segment.to == null ? span.to : addDays(lot.inboundDate, segment.to - 1);
      const to = earlier(earlier(span.to, period.to), bandEnd);
      if (from > to) return;
      const days = daysBetween(from, to) + 1;
      const unitPrice = String(segment.unitPrice);
      slices.push({
        segment: index,
        pallets: span.pallets,
        from,
        to,
        days,
        unitPrice,
        amount: productDecimals([span.pallets, days, unitPrice]),
      });
    });
  return slices;
}

/** The days of a period one fee model prices (the model valid on each of them), with its storage bands. */
export interface ModelWindow {
  from: string;
  to: string;
  segments: Segment[];
}

/**
 * A lot's storage over a period in which the fee model changes: each window of days priced by its
 * own model's bands, the lot's age still counted from its inbound date.
 */
export const lotStorageByModel = (lot: LotStock, windows: ModelWindow[]) =>
  windows.flatMap((window) => lotStorage(lot, { from: window.from, to: window.to }, window.segments));

export const sliceTotal = (slices: { amount: string }[]) => sumDecimals(slices.map((s) => s.amount));

/** An event's charge by count bands: the n-th unit is priced by the band n falls in. */
export function countCharge(segments: Segment[], quantity: number) {
  const parts = segments.flatMap((segment) => {
    const units = Math.min(quantity, segment.to ?? quantity) - segment.from + 1;
    return units > 0 ? [productDecimals([units, segment.unitPrice])] : [];
  });
  return sumDecimals(parts);
}

/** The extra line that lifts a bill to its minimum charge, or null when the total reaches it. */
export function minimumTopUp(total: string, minimumCharge: string | number | null | undefined): string | null {
  if (minimumCharge == null || minimumCharge === '') return null;
  return compareDecimals(total, minimumCharge) < 0 ? differenceDecimals(minimumCharge, total) : null;
}
