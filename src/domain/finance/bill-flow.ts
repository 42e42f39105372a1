import type { StateMachine } from '../workflow';
import { allows, trimmedText } from '../workflow';
import { BillStatus, ExpenseStatus } from './codes';

export type BillAction = 'regenerate' | 'edit' | 'issue' | 'pay' | 'cancel' | 'dispute';

const B = BillStatus;

/**
 * The bill state machine (DESIGN 5): 0 draft -> 3 issued -> 6 paid, 0/3 -> 1 cancelled. A draft is
 * priced again or its lines edited (PUT) without leaving its state.
 */
export const billMachine: StateMachine = {
  field: 'status',
  states: [
    { value: B.draft, tone: 'default', step: true },
    { value: B.issued, tone: 'processing', step: true },
    { value: B.paid, tone: 'success', step: true },
    { value: B.cancelled, tone: 'default' },
  ],
  actions: {
    issue: {
      from: [B.draft],
      to: B.issued,
      primary: true,
      confirm: true,
      effect: 'issueBill',
      summary: 'Issue a draft bill',
      description: "Freezes it (issued today, the warehouse's day) and marks its open expenses billed.",
    },
    pay: {
      from: [B.issued],
      to: B.paid,
      primary: true,
      effect: 'payBill',
      stores: ['paidDate', 'paymentRef'],
      input: {
        $id: 'bills.pay',
        type: 'object',
        required: ['paidDate', 'paymentRef'],
        properties: {
          paidDate: {
            type: 'string',
            format: 'date',
            description: 'The day the money arrived.',
            'x-messages': Object.fromEntries(
              ['required', 'type', 'format'].map((k) => [k, 'finance.validation.paidDate']),
            ),
          },
          paymentRef: trimmedText('The bank or cash reference; trimmed, not blank.', 60, {
            message: 'finance.validation.paymentRef',
          }),
        },
      },
      summary: 'Record the payment of an issued bill',
      description: 'Stores the date and reference.',
    },
    regenerate: {
      from: [B.draft],
      confirm: true,
      effect: 'regenerateBill',
      summary: 'Price a draft bill again',
      description:
        'From the fee models as they are now, each day by the model valid that day; edited lines are lost. No model, or models of different currencies, answer 40001.',
    },
    cancel: {
      from: [B.draft, B.issued],
      to: B.cancelled,
      danger: true,
      confirm: true,
      effect: 'cancelBill',
      summary: 'Cancel a bill',
      description: 'Its expenses go back to open, free for a later bill.',
    },
    // Editing a draft's lines is the bill's PUT (bill-lines.ts): audited under this name, no button of its own.
    edit: { from: [B.draft], button: false, summary: "Edit a draft bill's lines" },
    // A line disputed by the customer (dispute-routes.ts): the bill's audit row and `bill.disputed`, no button of its own.
    dispute: {
      from: [B.issued, B.paid],
      button: false,
      summary: 'A line of an issued bill disputed',
      description:
        'Opened by `POST /finance/bills/{id}/lines/{lineId}/dispute`; the bill keeps its state and can still be paid.',
    },
  },
};

export const canBill = (action: BillAction, status: number) => allows(billMachine, action, { status });

/** States a customer may see: a draft is the warehouse's working copy. */
export const CUSTOMER_BILL_STATES: number[] = [BillStatus.issued, BillStatus.paid];

/** An expense: open (maybe on a draft bill), billed when its bill is issued, void by hand while on no bill. */
export const expenseMachine: StateMachine = {
  field: 'status',
  states: [
    { value: ExpenseStatus.open, tone: 'processing', step: true },
    { value: ExpenseStatus.billed, tone: 'success', step: true },
    { value: ExpenseStatus.void, tone: 'default' },
  ],
  actions: {
    void: {
      from: [ExpenseStatus.open],
      to: ExpenseStatus.void,
      when: { billId: { empty: true } },
      danger: true,
      effect: 'voidExpense',
      input: {
        $id: 'expenses.void',
        type: 'object',
        required: ['reason'],
        properties: {
          reason: trimmedText('Why; not blank, stored trimmed.', 500, {
            message: 'finance.validation.voidReason',
            multiline: true,
          }),
        },
      },
      summary: 'Void an expense',
      description: 'Only an open expense on no bill; one billed or already void answers 40901.',
    },
  },
};
