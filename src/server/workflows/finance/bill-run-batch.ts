import {
  BILL_RUN_RESULTS,
  BillRunStatus,
  type BillRunCounts,
  type BillRunResult,
} from '../../../domain/finance/bill-run';
import type { Db, Queryable } from '../../db/types';
import { generateBills, type BillRunResult as Generated, type SkipReason } from './bill-generate';

/** The instance working a run, and how long its claim holds without a committed batch. */
export interface BillRunLease {
  owner: string;
  seconds: number;
}

interface RunRow {
  status: number;
  warehouse_id: number;
  period_from: string;
  period_to: string;
  language: string;
  remarks: string | null;
  created_by: number;
  organization_ids: number[] | null;
  last_organization_id: number;
  max_organization_id: number;
  lease_owner: string | null;
}

interface Outcome {
  organizationId: number;
  result: BillRunResult;
  billId?: number;
  billNo?: string;
  reason?: string;
}

const SKIPPED: Record<SkipReason, BillRunResult> = {
  billed: 'alreadyBilled',
  noFeeModel: 'noFeeModel',
  currencies: 'currencies',
  nothing: 'nothing',
};

const outcomesOf = (generated: Generated): Outcome[] => [
  ...generated.created.map((c) => ({ organizationId: c.organizationId, result: 'billed' as const, billId: c.id })),
  ...generated.skipped.map((s) => ({ organizationId: s.organizationId, result: SKIPPED[s.reason], billNo: s.billNo })),
];

/** Runs fn so that its failure undoes only its own writes, leaving the transaction usable. */
async function savepoint<T>(tx: Queryable, fn: () => Promise<T>): Promise<T> {
  await tx.query('SAVEPOINT bill_run_step');
  try {
    const value = await fn();
    await tx.query('RELEASE SAVEPOINT bill_run_step');
    return value;
  } catch (error) {
    await tx.query('ROLLBACK TO SAVEPOINT bill_run_step');
    throw error;
  }
}

/**
 * Bills one batch set-based. Should that statement fail, the batch's customers are billed one by
 * one, so only the customer whose data breaks it is recorded as failed and the others still get
 * their bills: a per-customer loop on the failure path alone.
 */
async function billBatch(tx: Queryable, run: RunRow, batch: number[]): Promise<Outcome[]> {
  const bill = (organizationIds: number[]) =>
    savepoint(tx, () =>
      generateBills(tx, {
        organizationIds,
        warehouseId: run.warehouse_id,
        periodFrom: run.period_from,
        periodTo: run.period_to,
        language: run.language,
        remarks: run.remarks,
        userId: run.created_by,
        onlyActive: true,
      }),
    );
  try {
    return outcomesOf(await bill(batch));
  } catch {
    const outcomes: Outcome[] = [];
    for (const organizationId of batch)
      try {
        outcomes.push(...outcomesOf(await bill([organizationId])));
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        outcomes.push({ organizationId, result: 'failed', reason });
      }
    return outcomes;
  }
}

/** The batch's results and the run's cursor, counts and lease, in the batch's own transaction. */
async function record(tx: Queryable, runId: number, outcomes: Outcome[], last: number, lease: BillRunLease) {
  await tx.query(
    `INSERT INTO bill_run_results (run_id, organization_id, result, bill_id, reason)
     SELECT $1, x.o, x.r, COALESCE(x.b, (SELECT b.id FROM bills b WHERE b.bill_no = x.n)), x.reason
       FROM unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::text[]) AS x(o, r, b, n, reason)`,
    [
      runId,
      outcomes.map((o) => o.organizationId),
      outcomes.map((o) => o.result),
      outcomes.map((o) => o.billId ?? null),
      outcomes.map((o) => o.billNo ?? null),
      outcomes.map((o) => o.reason ?? null),
    ],
  );
  const counts = Object.fromEntries(BILL_RUN_RESULTS.map((r) => [r, 0])) as BillRunCounts;
  for (const o of outcomes) counts[o.result] += 1;
  await tx.query(
    `UPDATE bill_runs SET last_organization_id = $2, done = done + $3, billed = billed + $4,
            already_billed = already_billed + $5, no_fee_model = no_fee_model + $6, currencies = currencies + $7,
            nothing = nothing + $8, failed = failed + $9,
            lease_until = now() + make_interval(secs => $10), updated_at = now()
      WHERE id = $1`,
    [
      runId,
      last,
      outcomes.length,
      counts.billed,
      counts.alreadyBilled,
      counts.noFeeModel,
      counts.currencies,
      counts.nothing,
      counts.failed,
      lease.seconds,
    ],
  );
}

/**
 * One batch of a run in one transaction: the next customers after the run's cursor (organization
 * id order), their bills and their results, and the cursor moved past them, all committed together
 * or not at all. 'lost' when the run is no longer this worker's to work (finished, failed, taken
 * over after its lease ran out); 'finished' when no customer was left.
 */
export async function runBatch(
  db: Db,
  runId: number,
  lease: BillRunLease,
  batchSize: number,
): Promise<'more' | 'finished' | 'lost'> {
  return db.transaction(async (tx) => {
    const [run] = await tx.query<RunRow>(
      `SELECT status, warehouse_id, to_char(period_from, 'YYYY-MM-DD') AS period_from,
              to_char(period_to, 'YYYY-MM-DD') AS period_to, language, remarks, created_by, organization_ids,
              last_organization_id, max_organization_id, lease_owner
         FROM bill_runs WHERE id = $1 FOR UPDATE`,
      [runId],
    );
    if (!run || run.status !== BillRunStatus.running || run.lease_owner !== lease.owner) return 'lost';
    const batch = (
      await tx.query<{ id: number }>(
        `SELECT id FROM organizations
          WHERE id > $1 AND id <= $2 AND ($3::int[] IS NULL OR id = ANY($3::int[]))
          ORDER BY id LIMIT $4`,
        [run.last_organization_id, run.max_organization_id, run.organization_ids, batchSize],
      )
    ).map((o) => o.id);
    if (!batch.length) {
      // Customers deleted during the run were never considered: the total says how many were.
      await tx.query(
        `UPDATE bill_runs SET status = $2, total = done, finished_at = now(), updated_at = now(),
                lease_owner = NULL, lease_until = NULL
          WHERE id = $1`,
        [runId, BillRunStatus.done],
      );
      return 'finished';
    }
    await record(tx, runId, await billBatch(tx, run, batch), batch[batch.length - 1], lease);
    return 'more';
  });
}
