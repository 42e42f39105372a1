/**
 * The mall order and delivery state machines of DESIGN 5 and 8 (C1, C6), declared once: the server's
 * transition route enforces them under a row lock, the web shows the buttons they allow.
 */
import type { FieldSchema } from './resource';
import { podFileField } from './stored-file';
import { allows, buttonsOf, trimmedText, type StateMachine } from './workflow';

export const OrderStatus = {
  initial: 0,
  cancelled: 1,
  rejected: 2,
  awaitingReview: 3,
  approved: 6,
  processing: 9,
  shipped: 12,
  inDelivery: 15,
  signed: 18,
  completed: 21,
} as const;

/**
 * Order actions. submit..complete are buttons; `ship`, `dispatch` and `sign` happen to the order when
 * its outbound is confirmed and its delivery dispatched or signed for.
 */
export type OrderAction =
  'submit' | 'approve' | 'reject' | 'cancel' | 'pick' | 'ship' | 'dispatch' | 'sign' | 'complete';

const S = OrderStatus;

/** The mall order state machine (DESIGN 5, C1), in button order; the three events have no button. */
export const orderMachine: StateMachine = {
  field: 'status',
  // Every state someone still has to act in says who and where (`orders.hints.<state>`).
  states: [
    { value: S.initial, tone: 'default', step: true, hint: true },
    { value: S.rejected, tone: 'error', hint: true },
    { value: S.awaitingReview, tone: 'warning', step: true, hint: true },
    { value: S.approved, tone: 'processing', step: true, hint: true },
    { value: S.processing, tone: 'processing', step: true, hint: true },
    { value: S.shipped, tone: 'processing', step: true, hint: true },
    { value: S.inDelivery, tone: 'processing', step: true, hint: true },
    { value: S.signed, tone: 'success', step: true, hint: true },
    { value: S.completed, tone: 'success', step: true },
    { value: S.cancelled, tone: 'default' },
  ],
  actions: {
    submit: {
      from: [S.initial, S.rejected],
      to: S.awaitingReview,
      primary: true,
      effect: 'submitOrder',
      summary: 'Submit the order for review',
      description: 'It needs lines, and an address for a delivery (40001 otherwise). Takes no body.',
    },
    approve: {
      from: [S.awaitingReview],
      to: S.approved,
      primary: true,
      confirm: true,
      effect: 'approveOrder',
      answer: { outboundId: { type: 'integer', description: 'The outbound created for the order.' } },
      summary: 'Approve the order',
      description:
        'Creates its outbound already submitted, which reserves the stock (C1); too little of a SKU answers 40901 and nothing changes. Takes no body.',
    },
    reject: {
      from: [S.awaitingReview],
      to: S.rejected,
      danger: true,
      effect: 'rejectOrder',
      input: {
        $id: 'orders.reject',
        type: 'object',
        required: ['reason'],
        properties: {
          reason: trimmedText(
            'Why; blank (after trimming) answers 40001. Kept on the order and in its timeline.',
            500,
            {
              multiline: true,
            },
          ),
        },
      },
      summary: 'Reject the order',
      description: 'The shipper may edit and resubmit it.',
    },
    pick: {
      from: [S.approved],
      to: S.processing,
      primary: true,
      confirm: true,
      summary: 'Start picking the order',
      description: 'The warehouse works on it: too late to cancel. Takes no body.',
    },
    complete: {
      from: [S.signed],
      to: S.completed,
      primary: true,
      confirm: true,
      summary: 'Complete the signed order',
      description: 'Takes no body.',
    },
    // Once the warehouse works on it (9) the goods are being picked: too late to cancel.
    cancel: {
      from: [S.initial, S.rejected, S.awaitingReview, S.approved],
      to: S.cancelled,
      danger: true,
      confirm: true,
      effect: 'cancelOrder',
      summary: 'Cancel the order',
      description: "An approved order's outbound is cancelled too and its reservation released. Takes no body.",
    },
    // The outbound may be confirmed without an explicit pick.
    ship: {
      from: [S.approved, S.processing],
      to: S.shipped,
      button: false,
      summary: 'Shipped: its outbound was confirmed',
    },
    dispatch: {
      from: [S.shipped],
      to: S.inDelivery,
      button: false,
      summary: 'In delivery: its delivery was dispatched',
    },
    // A customer pickup is signed for straight from 12.
    sign: {
      from: [S.shipped, S.inDelivery],
      to: S.signed,
      button: false,
      summary: 'Signed for: its delivery was completed',
    },
  },
};

/** The order actions a user presses, in the order the buttons show. */
export const ORDER_BUTTONS = buttonsOf(orderMachine) as OrderAction[];

/** Drafts and rejected orders can be edited (and resubmitted) by the shipper. */
export const ORDER_EDITABLE: number[] = [S.initial, S.rejected];

export const canOrder = (action: OrderAction, status: number) => allows(orderMachine, action, { status });

/** Delivery types (SPEC 3): 1 customer pickup, 2 delivery to an address. */
export const DeliveryType = { pickup: 1, delivery: 2 } as const;

export const DeliveryStatus = { awaiting: 0, failed: 2, inTransit: 3, complete: 6 } as const;

export type DeliveryAction = 'dispatch' | 'sign' | 'fail' | 'redispatch';

const D = DeliveryStatus;
/** Only a delivery to an address travels: a customer pickup is never dispatched. */
const travels = { deliveryType: { in: [DeliveryType.delivery] } };
/** Every delivery action moves (or keeps) its order, and answers the state the order is in now. */
const orderMoved = { orderStatus: { type: 'integer', description: 'The state its order is in now.' } } as const;
const text = (maxLength: number, description: string): FieldSchema => ({
  type: 'string',
  minLength: 1,
  maxLength,
  description,
});

/** C6: 0 -> 3 -> 6 or 2, and 2 -> 0 again; a customer pickup goes 0 -> 6 and is never in transit. */
export const deliveryMachine: StateMachine = {
  field: 'status',
  states: [
    { value: D.awaiting, tone: 'default', step: true },
    { value: D.inTransit, tone: 'processing', step: true },
    { value: D.failed, tone: 'error' },
    { value: D.complete, tone: 'success', step: true },
  ],
  actions: {
    dispatch: {
      from: [D.awaiting],
      to: D.inTransit,
      when: travels,
      primary: true,
      effect: 'dispatchDelivery',
      stores: ['vehicle', 'driver', 'phone', 'plannedDate'],
      input: {
        $id: 'deliveries.dispatch',
        type: 'object',
        additionalProperties: false,
        required: ['vehicle', 'driver', 'plannedDate'],
        properties: {
          vehicle: text(40, 'The vehicle, e.g. its plate.'),
          driver: text(100, "The driver's name."),
          phone: { type: 'string', maxLength: 40, pattern: '^[0-9+() -]*$', description: "The driver's phone." },
          plannedDate: { type: 'string', format: 'date', description: 'The day of the run.' },
        },
      },
      answer: orderMoved,
      summary: 'Dispatch the delivery',
      description:
        'The order goes 12 -> 15 (a re-dispatch finds it in 15 and leaves it; another state of the order answers 40901); transport is charged by the fee model valid on the planned day.',
    },
    // Named for what it does, as SPEC names the order's state it makes (18 signed for): the order's
    // own `complete` is its 21 completed. The transport is complete (6) once signed for.
    sign: {
      from: [D.inTransit],
      alsoFrom: [{ states: [D.awaiting], when: { deliveryType: { in: [DeliveryType.pickup] } } }],
      to: D.complete,
      primary: true,
      effect: 'signDelivery',
      stores: ['podFile', 'signer', 'signedAt'],
      deprecatedNames: ['complete'],
      input: {
        $id: 'deliveries.sign',
        type: 'object',
        additionalProperties: false,
        required: ['podFile', 'signer', 'signedAt'],
        properties: {
          podFile: podFileField('The stored path of the proof of delivery, as the upload (/oss) answered it.'),
          signer: text(100, 'Who signed.'),
          signedAt: { type: 'string', format: 'date-time', description: 'When.' },
        },
      },
      answer: orderMoved,
      summary: 'Sign for the delivery with its proof',
      description:
        'Transport complete (6): the order goes to signed for (18); another state of the order answers 40901. A customer pickup is signed for straight from 0.',
    },
    fail: {
      from: [D.inTransit],
      to: D.failed,
      when: travels,
      danger: true,
      effect: 'failDelivery',
      input: {
        $id: 'deliveries.fail',
        type: 'object',
        additionalProperties: false,
        required: ['reason'],
        properties: {
          reason: trimmedText('Why the run did not arrive; shown in the timeline.', 500, { multiline: true }),
        },
      },
      answer: orderMoved,
      summary: 'Record a failed run',
      description: 'The order stays in delivery (15) (C6); another state of the order answers 40901.',
    },
    redispatch: {
      from: [D.failed],
      to: D.awaiting,
      when: travels,
      confirm: true,
      effect: 'redispatchDelivery',
      answer: orderMoved,
      summary: 'Ready a failed delivery for a new run',
      description: "The last run's details stay until it is dispatched. Takes no body.",
    },
  },
};

export const DELIVERY_BUTTONS = buttonsOf(deliveryMachine) as DeliveryAction[];

export const canDeliver = (action: DeliveryAction, status: number, deliveryType: number) =>
  allows(deliveryMachine, action, { status, deliveryType });

/**
 * The order's state after a delivery action, or undefined when the order cannot follow: dispatch
 * takes it 12 -> 15 (a re-dispatch finds it in 15 already and leaves it, C6), sign to 18.
 */
export const orderAfterDelivery = (action: DeliveryAction, orderStatus: number): number | undefined => {
  if (action === 'dispatch')
    return orderStatus === S.inDelivery ? S.inDelivery : canOrder('dispatch', orderStatus) ? S.inDelivery : undefined;
  if (action === 'sign') return canOrder('sign', orderStatus) ? S.signed : undefined;
  return orderStatus === S.inDelivery ? orderStatus : undefined;
};
