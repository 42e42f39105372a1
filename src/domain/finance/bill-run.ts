/**
 * A month-end bill run (issue 24): a job on the server that bills every customer of a warehouse
 * for a period, batch by batch, and keeps one result per customer. Labels live in
 * locales/<lang>/finance.json under `enums.billRunStatus` and `enums.billRunResult`.
 */
export const BillRunStatus = { running: 0, failed: 2, done: 6 } as const;

/**
 * What a run did for one customer: billed (a draft made now), alreadyBilled (a bill that is not
 * cancelled overlaps the period), noFeeModel, currencies (models of different currencies over the
 * period), nothing (no lot, outbound or open expense in it), failed (an error, with its reason).
 */
export const BILL_RUN_RESULTS = ['billed', 'alreadyBilled', 'noFeeModel', 'currencies', 'nothing', 'failed'] as const;

export type BillRunResult = (typeof BILL_RUN_RESULTS)[number];

/** The number of customers of each result, as a run's record carries them. */
export type BillRunCounts = Record<BillRunResult, number>;
