import type { StateMachine } from '../workflow';
import { trimmedText } from '../workflow';
import { DisputeStatus } from './codes';

const D = DisputeStatus;

/**
 * A disputed bill line (issue 43): opened by the customer on an issued bill
 * (`POST /finance/bills/{id}/lines/{lineId}/dispute`), answered by staff. Accepting writes a credit
 * the customer's next bill takes as a line; once answered a dispute never moves again, so a line is
 * never credited twice.
 */
export const disputeMachine: StateMachine = {
  field: 'status',
  states: [
    { value: D.open, tone: 'processing', step: true },
    { value: D.accepted, tone: 'success', step: true },
    { value: D.rejected, tone: 'error' },
  ],
  actions: {
    accept: {
      from: [D.open],
      to: D.accepted,
      primary: true,
      effect: 'acceptDispute',
      input: {
        $id: 'disputes.accept',
        type: 'object',
        properties: {
          amount: {
            type: 'number',
            exclusiveMinimum: 0,
            maximum: 1000000000,
            description: "The part of the line credited; left out, the whole line's amount.",
            'x-messages': Object.fromEntries(
              ['type', 'exclusiveMinimum', 'maximum'].map((k) => [k, 'finance.validation.creditAmount']),
            ),
          },
        },
      },
      summary: 'Accept a dispute',
      description:
        "Writes a credit of the amount (the whole line when left out; more than the line answers 40001) as an open expense of the customer, dated the warehouse's today: the next bill takes it as a line.",
    },
    reject: {
      from: [D.open],
      to: D.rejected,
      danger: true,
      effect: 'rejectDispute',
      input: {
        $id: 'disputes.reject',
        type: 'object',
        required: ['reason'],
        properties: {
          reason: trimmedText("Staff's answer to the customer; not blank, stored trimmed.", 1000, {
            message: 'finance.validation.rejectReason',
            multiline: true,
          }),
        },
      },
      summary: 'Reject a dispute',
      description: 'Stores the reason as the answer; the bill stays as it is.',
    },
  },
};
