import { trimmedText, type StateMachine } from './workflow';

/**
 * Return (RMA) states, issue 42. The codes follow the stock documents' and orders' (0 draft,
 * 1 cancelled, 2 rejected, 3 waiting on the warehouse, 6 done) so a status filter reads alike
 * everywhere; 4 approved sits between asking and done.
 */
export const ReturnStatus = { draft: 0, cancelled: 1, rejected: 2, requested: 3, approved: 4, done: 6 } as const;

/**
 * What became of a lot's stock while it is held: 0 free (taken first in first out like any lot),
 * 3 on hold (quarantined returned goods: on hand, never available, never taken), 1 disposed (a held
 * lot thrown away, or the pieces of a return disposed on receipt).
 */
export const LotHold = { free: 0, disposed: 1, held: 3 } as const;

const S = ReturnStatus;

const piecesOf = (description: string) => ({
  type: 'integer' as const,
  minimum: 0,
  maximum: 100_000_000,
  description,
  'x-messages': { type: 'returns.validation.pieces', minimum: 'returns.validation.pieces' },
});

/**
 * A cargo owner asks to send goods back (draft -> requested), staff approve or reject it, and the
 * warehouse receives what arrives, line by line, into restocked, quarantined or disposed pieces:
 * the only action that moves stock (effects/returns.ts). Cancelling is for a return nobody has
 * agreed to yet.
 */
export const returnMachine: StateMachine = {
  field: 'status',
  states: [
    { value: S.draft, tone: 'default', step: true, hint: true },
    { value: S.requested, tone: 'warning', step: true, hint: true },
    { value: S.approved, tone: 'processing', step: true, hint: true },
    { value: S.done, tone: 'success', step: true },
    { value: S.rejected, tone: 'error' },
    { value: S.cancelled, tone: 'default' },
  ],
  actions: {
    submit: {
      from: [S.draft],
      to: S.requested,
      primary: true,
      effect: 'submitReturn',
      event: 'requested',
      summary: 'Request the return',
      description: 'Asks the warehouse to take the goods back; it needs lines (40001). Takes no body.',
    },
    approve: {
      from: [S.requested],
      to: S.approved,
      primary: true,
      confirm: true,
      summary: 'Approve the return',
      description: 'The goods may be sent back to the warehouse. Takes no body.',
    },
    reject: {
      from: [S.requested],
      to: S.rejected,
      danger: true,
      effect: 'rejectReturn',
      input: {
        $id: 'returns.reject',
        type: 'object',
        required: ['reason'],
        properties: {
          reason: trimmedText('Why the warehouse will not take the goods back; not blank, stored trimmed.', 500, {
            message: 'returns.validation.rejectReason',
            multiline: true,
          }),
        },
      },
      summary: 'Reject the return',
      description: 'Keeps the reason for the cargo owner to read.',
    },
    receive: {
      from: [S.approved],
      to: S.done,
      primary: true,
      effect: 'receiveReturn',
      dialog: 'returnReceive',
      input: {
        $id: 'returns.receive',
        type: 'object',
        required: ['lines'],
        properties: {
          lines: {
            type: 'array',
            minItems: 1,
            maxItems: 2000,
            description:
              'What arrived of each line; a line left out arrived with nothing. Pieces received may differ from those requested.',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['lineId'],
              properties: {
                lineId: { type: 'integer', minimum: 1, description: 'A line of this return (`GET .../lines`).' },
                restocked: piecesOf('Pieces put back into stock: a new lot, available, dated today at the warehouse.'),
                quarantined: piecesOf('Pieces held: a lot on hand but not available until released.'),
                disposed: piecesOf('Pieces thrown away: no stock, a change log with the reason of the line.'),
              },
            },
            'x-messages': { minItems: 'returns.validation.receiveLines', maxItems: 'returns.validation.receiveLines' },
          },
        },
      },
      summary: 'Receive the return',
      description:
        "Turns each line's restocked pieces into a lot (available) and its quarantined pieces into a lot on hold (on hand, not available), logs disposed pieces with the line's reason, all dated the warehouse's today, and charges return handling by the fee model valid that day. A line named twice or not of this return answers 40001.",
    },
    cancel: {
      from: [S.draft, S.requested],
      to: S.cancelled,
      danger: true,
      confirm: true,
      summary: 'Cancel the return',
      description: 'Only before the warehouse has answered. Takes no body.',
    },
  },
};

/**
 * A held lot's machine: staff release quarantined goods into stock, or dispose of them. Its field is
 * the lot's `hold`; a free lot offers neither.
 */
export const lotHoldMachine: StateMachine = {
  field: 'hold',
  states: [
    { value: LotHold.held, tone: 'warning' },
    { value: LotHold.free, tone: 'success' },
    { value: LotHold.disposed, tone: 'default' },
  ],
  actions: {
    release: {
      from: [LotHold.held],
      to: LotHold.free,
      primary: true,
      confirm: true,
      effect: 'releaseLot',
      summary: 'Release a held lot',
      description: 'Its pieces become available and are taken first in first out like any lot. Takes no body.',
    },
    dispose: {
      from: [LotHold.held],
      to: LotHold.disposed,
      danger: true,
      confirm: true,
      effect: 'disposeLot',
      summary: 'Dispose of a held lot',
      description: 'Takes its pieces out of stock with a change log of the disposal. Takes no body.',
    },
  },
};
