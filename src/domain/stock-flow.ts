/**
 * The inbound and outbound state machines of DESIGN 5. The server enforces them under a row lock;
 * the web reads the same table to decide which buttons a document shows.
 */
export const DocStatus = { initial: 0, cancelled: 1, withdrawn: 2, awaiting: 3, done: 6 } as const;

export type StockAction = 'submit' | 'withdraw' | 'cancel' | 'confirm';

export const transitions: Record<StockAction, { from: number[]; to: number }> = {
  submit: { from: [DocStatus.initial, DocStatus.withdrawn], to: DocStatus.awaiting },
  withdraw: { from: [DocStatus.awaiting], to: DocStatus.withdrawn },
  cancel: {
    from: [DocStatus.initial, DocStatus.withdrawn, DocStatus.awaiting, DocStatus.done],
    to: DocStatus.cancelled,
  },
  confirm: { from: [DocStatus.awaiting], to: DocStatus.done },
};

/** Drafts and withdrawn documents can be edited; once submitted they are the warehouse's. */
export const EDITABLE_STATES: number[] = [DocStatus.initial, DocStatus.withdrawn];

export const canTransition = (action: StockAction, status: number) => transitions[action].from.includes(status);

/** Stock change log types (SPEC 3). */
export const ChangeType = {
  shipmentInbound: 1,
  orderOutbound: 2,
  returnInbound: 3,
  inboundCancelled: 4,
  outboundCancelled: 5,
} as const;

/** Inbound type 1 (shipment) logs type 1, inbound type 2 (return) logs type 3. */
export const inboundChangeType = (inboundType: number) =>
  inboundType === 2 ? ChangeType.returnInbound : ChangeType.shipmentInbound;

/** Whole days between two 'YYYY-MM-DD' dates (UTC, so no daylight-saving day of 23 hours). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** IN20261123-0001: prefix, the document's day, and the day's sequence. */
export const documentNumber = (prefix: string, day: string, sequence: number) =>
  `${prefix}${day.replace(/-/g, '')}-${String(sequence).padStart(4, '0')}`;

/** A real calendar day written 'YYYY-MM-DD' (confirm dates; 2026-02-30 is refused). */
export const isIsoDate = (value: unknown): value is string => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};
