import { trimmedText, type StateMachine } from './workflow';

/**
 * Cycle count states (issue 42), in the codes stock documents, orders and returns use so a status
 * filter reads alike everywhere: 0 draft (planned), 1 cancelled, 3 counting (waiting on the
 * warehouse, as an awaiting inbound does), 4 submitted (waiting on a supervisor, between asking
 * and done, as a return's approved), 6 done (approved: its variances are posted).
 */
export const CountStatus = { draft: 0, cancelled: 1, counting: 3, submitted: 4, done: 6 } as const;

const S = CountStatus;

/** Who may move a count that holds lots of customers they may not see: nobody limited to some (403). */
const OWN_LOTS = ' A user limited to some customers may do it only to a count of their lots alone (403).';

/**
 * Staff plan a count of a warehouse, start it (its lines become the lots in scope with their
 * pieces at that moment), count blind by scanning or typing, submit it (each line's variance is
 * computed) and a supervisor approves it (each variance is posted as a stock adjustment) or sends
 * it back for a recount. Start, submit, approve and reject are the stock effects
 * (workflows/effects/counts.ts); counting itself is workflows/counts/count-routes.ts.
 */
export const countMachine: StateMachine = {
  field: 'status',
  states: [
    { value: S.draft, tone: 'default', step: true, hint: true },
    { value: S.counting, tone: 'processing', step: true, hint: true },
    { value: S.submitted, tone: 'warning', step: true, hint: true },
    { value: S.done, tone: 'success', step: true },
    { value: S.cancelled, tone: 'default' },
  ],
  actions: {
    start: {
      from: [S.draft],
      to: S.counting,
      primary: true,
      confirm: true,
      effect: 'startCount',
      summary: 'Start the count',
      description:
        "Its lines become the warehouse's lots in stock that the count names (its organization, its SKUs, those not counted for its days; for a user limited to some organizations, theirs), each with its pieces on hand at this moment. No such lot answers 40001. Takes no body.",
    },
    submit: {
      from: [S.counting],
      to: S.submitted,
      primary: true,
      confirm: true,
      effect: 'submitCount',
      summary: 'Submit the count',
      description: `Computes the variance of each counted line: the pieces counted less those its lot held when it was counted (the expected pieces at the start and what moved in or out since, so an outbound confirmed mid-count is no variance). A line never counted keeps none and adjusts nothing; a count with no line counted answers 40001.${OWN_LOTS} Takes no body.`,
    },
    approve: {
      from: [S.submitted],
      to: S.done,
      primary: true,
      confirm: true,
      effect: 'approveCount',
      summary: 'Approve the count',
      description: `Posts each line's variance as an adjustment of its lot's on hand and available pieces, logged as change type 8 with the count as its document, all in one transaction. An adjustment that would take a lot below zero, or a SKU's available pieces (on hand less reserved and held) below zero, answers 40901 and posts nothing.${OWN_LOTS} Takes no body.`,
    },
    reject: {
      from: [S.submitted],
      to: S.counting,
      danger: true,
      effect: 'rejectCount',
      input: {
        $id: 'counts.reject',
        type: 'object',
        properties: {
          reason: trimmedText('What to recount, for the counters; stored trimmed.', 500, {
            message: 'counts.validation.reason',
            multiline: true,
          }),
        },
      },
      summary: 'Send the count back for a recount',
      description: `Back to counting: the lines whose count differs lose it and are marked recounted, to be counted again; the others keep theirs.${OWN_LOTS}`,
    },
    cancel: {
      from: [S.draft, S.counting, S.submitted],
      to: S.cancelled,
      danger: true,
      confirm: true,
      effect: 'cancelCount',
      summary: 'Cancel the count',
      description: `Stock stays as it is.${OWN_LOTS} Takes no body.`,
    },
  },
};
