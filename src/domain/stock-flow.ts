import type { FieldSchema } from './resource';
import { podFileField } from './stored-file';
import type { StateMachine, WorkflowAction } from './workflow';

/** Inbound and outbound states (DESIGN 5); their machines are declared below, once for both. */
export const DocStatus = { initial: 0, cancelled: 1, withdrawn: 2, awaiting: 3, done: 6 } as const;

const D = DocStatus;

/** A day the route reads as given, or the warehouse's today when the body leaves it out. */
const confirmDay = (description: string, message: string): FieldSchema => ({
  type: 'string',
  format: 'date',
  description,
  'x-messages': { type: message, format: message },
});

const POD: WorkflowAction = {
  from: [D.initial, D.withdrawn, D.awaiting, D.done],
  summary: 'Attach the proof of delivery',
  description: 'The file is uploaded first through /oss/upload; a new one replaces the old.',
  input: {
    $id: 'pod',
    type: 'object',
    additionalProperties: false,
    required: ['podFile'],
    properties: {
      podFile: podFileField('The `path` /oss/upload answered.'),
    },
  },
  effect: 'attachPod',
  stores: ['podFile'],
};

/**
 * The inbound and outbound state machine (DESIGN 5): 0 -> 3 -> 6, withdrawn back to 2 and
 * resubmitted, cancelled from any state but cancelled. Undoing a done document changes stock, so
 * cancelling one takes the confirm right too. An outbound made by a mall order follows the order
 * (C1): it offers no withdraw or cancel, the order is cancelled instead.
 */
const stockMachine = (kind: 'inbounds' | 'outbounds'): StateMachine => {
  const ownOutbound =
    kind === 'outbounds' ? { when: { orderId: { empty: true } }, refused: 'errors.outboundOfOrder' } : {};
  return {
    field: 'status',
    states: [
      { value: D.initial, tone: 'default', step: true },
      { value: D.withdrawn, tone: 'warning' },
      { value: D.awaiting, tone: 'processing', step: true },
      { value: D.done, tone: 'success', step: true },
      { value: D.cancelled, tone: 'default' },
    ],
    actions: {
      submit: {
        from: [D.initial, D.withdrawn],
        to: D.awaiting,
        primary: true,
        effect: kind === 'outbounds' ? 'reserveOutbound' : 'submitInbound',
        summary: `Submit the ${kind.slice(0, -1)} to the warehouse`,
        description:
          kind === 'outbounds'
            ? 'Reserves its pieces (available = on hand - reserved); too little of a SKU answers 40901. It needs lines (40001). Takes no body.'
            : 'It needs lines (40001). Takes no body.',
      },
      confirm: {
        from: [D.awaiting],
        to: D.done,
        primary: true,
        dialog: 'stockConfirm',
        effect: kind === 'outbounds' ? 'confirmOutbound' : 'confirmInbound',
        stores: kind === 'outbounds' ? ['actualDate'] : ['inboundDate'],
        input: {
          $id: `${kind}.confirm`,
          type: 'object',
          properties:
            kind === 'inbounds'
              ? {
                  inboundDate: confirmDay(
                    'The day the goods arrived; their storage days count from it. Omitted: today at the warehouse, in its time zone.',
                    'validation.inboundDate',
                  ),
                }
              : {
                  actualDate: confirmDay(
                    'The day the goods left. Omitted: today at the warehouse, in its time zone.',
                    'validation.actualDate',
                  ),
                  takes: {
                    type: 'array',
                    maxItems: 10_000,
                    items: {
                      type: 'object',
                      required: ['lotId', 'pieces'],
                      properties: {
                        lotId: { type: 'integer', minimum: 1 },
                        pieces: { type: 'integer', minimum: 1 },
                      },
                    },
                    description:
                      'The pieces picked from each lot, as scanned (GET .../picks). Given, the confirm answers 40901 unless first in first out takes exactly these now.',
                    'x-messages': Object.fromEntries(
                      ['type', 'required', 'minimum', 'maxItems', 'additionalProperties'].map((k) => [
                        k,
                        'scan.validation.takes',
                      ]),
                    ),
                  },
                },
        },
        summary: `Confirm the ${kind.slice(0, -1)}`,
        description:
          kind === 'inbounds'
            ? 'Turns each line into a lot and logs it; charges unloading by the fee model valid that day.'
            : 'Takes the stock from lots first in first out and logs the days each lot spent in the warehouse; ships its mall order (C1); charges pallet loading. Once lots of it were scanned (…/scans) and no `takes` is given, the lots scanned must be exactly what first in first out takes (40901 otherwise).',
      },
      withdraw: {
        from: [D.awaiting],
        to: D.withdrawn,
        confirm: true,
        ...ownOutbound,
        effect: kind === 'outbounds' ? 'releaseOutbound' : undefined,
        summary: `Withdraw the ${kind.slice(0, -1)} for editing`,
        description: kind === 'outbounds' ? 'Releases its reservation. Takes no body.' : 'Takes no body.',
      },
      cancel: {
        from: [D.initial, D.withdrawn, D.awaiting, D.done],
        to: D.cancelled,
        danger: true,
        confirm: true,
        ...ownOutbound,
        alsoNeeds: [{ action: 'confirm', when: { status: { in: [D.done] } } }],
        effect: kind === 'outbounds' ? 'cancelOutbound' : 'cancelInbound',
        summary: `Cancel the ${kind.slice(0, -1)}`,
        description:
          kind === 'outbounds'
            ? 'An awaiting one releases its reservation; a done one puts the same lots back (and takes the confirm right too). Takes no body.'
            : 'A done one takes its lots back out while none is touched (40901 otherwise), and takes the confirm right too. Takes no body.',
      },
      pod: POD,
    },
  };
};

export const inboundMachine = stockMachine('inbounds');
export const outboundMachine = stockMachine('outbounds');

/** Drafts and withdrawn documents can be edited; once submitted they are the warehouse's. */
export const EDITABLE_STATES: number[] = [DocStatus.initial, DocStatus.withdrawn];

/** Stock change log types (SPEC 3). */
export const ChangeType = {
  shipmentInbound: 1,
  orderOutbound: 2,
  returnInbound: 3,
  inboundCancelled: 4,
  outboundCancelled: 5,
  /** A return's restocked and quarantined pieces, each a lot of their own (issue 42). */
  returnReceived: 6,
  /** Pieces thrown away: a return's disposed on receipt, or a held lot disposed of later. */
  returnDisposed: 7,
  /** A cycle count's variance posted on its approval (issue 42): the count is its document. */
  countAdjustment: 8,
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
