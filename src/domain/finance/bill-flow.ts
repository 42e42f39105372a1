import { BillStatus } from './codes';

/** The bill state machine (DESIGN 5); the server enforces it under a row lock, the web mirrors it. */
export type BillAction = 'regenerate' | 'edit' | 'issue' | 'pay' | 'cancel';

export const billTransitions: Record<BillAction, { from: number[]; to: number }> = {
  regenerate: { from: [BillStatus.draft], to: BillStatus.draft },
  edit: { from: [BillStatus.draft], to: BillStatus.draft },
  issue: { from: [BillStatus.draft], to: BillStatus.issued },
  pay: { from: [BillStatus.issued], to: BillStatus.paid },
  cancel: { from: [BillStatus.draft, BillStatus.issued], to: BillStatus.cancelled },
};

export const canBill = (action: BillAction, status: number) => billTransitions[action].from.includes(status);

/** States a customer may see: a draft is the warehouse's working copy. */
export const CUSTOMER_BILL_STATES: number[] = [BillStatus.issued, BillStatus.paid];
