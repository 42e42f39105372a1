/**
 * The mall order and delivery state machines of DESIGN 5 and 8 (C1, C6). The server enforces them
 * under a row lock; the web reads the same tables to decide which buttons a record shows.
 */
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
 * its outbound is confirmed and its delivery dispatched or completed.
 */
export type OrderAction =
  'submit' | 'approve' | 'reject' | 'cancel' | 'pick' | 'ship' | 'dispatch' | 'sign' | 'complete';

const S = OrderStatus;

export const orderTransitions: Record<OrderAction, { from: number[]; to: number }> = {
  submit: { from: [S.initial, S.rejected], to: S.awaitingReview },
  approve: { from: [S.awaitingReview], to: S.approved },
  reject: { from: [S.awaitingReview], to: S.rejected },
  // Once the warehouse works on it (9) the goods are being picked: too late to cancel.
  cancel: { from: [S.initial, S.rejected, S.awaitingReview, S.approved], to: S.cancelled },
  pick: { from: [S.approved], to: S.processing },
  // The outbound may be confirmed without an explicit pick.
  ship: { from: [S.approved, S.processing], to: S.shipped },
  dispatch: { from: [S.shipped], to: S.inDelivery },
  // A customer pickup is signed for straight from 12.
  sign: { from: [S.shipped, S.inDelivery], to: S.signed },
  complete: { from: [S.signed], to: S.completed },
};

/** The order actions a user presses, in the order the buttons show. */
export const ORDER_BUTTONS = [
  'submit',
  'approve',
  'reject',
  'pick',
  'complete',
  'cancel',
] as const satisfies readonly OrderAction[];

/** Drafts and rejected orders can be edited (and resubmitted) by the shipper. */
export const ORDER_EDITABLE: number[] = [S.initial, S.rejected];

export const canOrder = (action: OrderAction, status: number) => orderTransitions[action].from.includes(status);

/** Delivery types (SPEC 3): 1 customer pickup, 2 delivery to an address. */
export const DeliveryType = { pickup: 1, delivery: 2 } as const;

export const DeliveryStatus = { awaiting: 0, failed: 2, inTransit: 3, complete: 6 } as const;

export type DeliveryAction = 'dispatch' | 'complete' | 'fail' | 'redispatch';

const D = DeliveryStatus;

/** C6: 0 -> 3 -> 6 or 2, and 2 -> 0 again; a customer pickup goes 0 -> 6 and is never in transit. */
export const deliveryTransitions: Record<DeliveryAction, { from: number[]; to: number }> = {
  dispatch: { from: [D.awaiting], to: D.inTransit },
  complete: { from: [D.inTransit], to: D.complete },
  fail: { from: [D.inTransit], to: D.failed },
  redispatch: { from: [D.failed], to: D.awaiting },
};

export const DELIVERY_BUTTONS = [
  'dispatch',
  'complete',
  'fail',
  'redispatch',
] as const satisfies readonly DeliveryAction[];

export const canDeliver = (action: DeliveryAction, status: number, deliveryType: number) => {
  if (deliveryType === DeliveryType.pickup) return action === 'complete' && status === D.awaiting;
  return deliveryTransitions[action].from.includes(status);
};

/**
 * The order's state after a delivery action, or undefined when the order cannot follow: dispatch
 * takes it 12 -> 15 (a re-dispatch finds it in 15 already and leaves it, C6), complete to 18.
 */
export const orderAfterDelivery = (action: DeliveryAction, orderStatus: number): number | undefined => {
  if (action === 'dispatch')
    return orderStatus === S.inDelivery ? S.inDelivery : canOrder('dispatch', orderStatus) ? S.inDelivery : undefined;
  if (action === 'complete') return canOrder('sign', orderStatus) ? S.signed : undefined;
  return orderStatus === S.inDelivery ? orderStatus : undefined;
};
