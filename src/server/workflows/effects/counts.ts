import type { Queryable } from '../../db/types';
import type { Effect, EffectContext } from '../../engine/transition';
import { forbidden, validationError } from '../../errors';
import { postVariances } from '../counts/count-adjust';
import { planLines } from '../counts/count-plan';
import { anyCounted, computeVariances, reopenDifferences } from '../counts/count-variance';

/** The app's clock as the transaction reads it, for the moments a count keeps. */
const now = async (tx: Queryable) => (await tx.query<{ at: Date }>('SELECT $now::timestamptz AS at'))[0].at;

/**
 * A user limited to some customers moves only a count of theirs alone (403): submitting,
 * approving, sending back or cancelling one that holds another customer's lots would decide about
 * stock they may not see. A count is the warehouse's, so this is its scope, line by line.
 */
async function ownCount(tx: Queryable, { record, viewer }: EffectContext) {
  if (viewer.all) return;
  const [foreign] = await tx.query(
    'SELECT 1 FROM count_lines WHERE count_id = $1 AND NOT organization_id = ANY($2::int[]) LIMIT 1',
    [record.id, viewer.organizationIds],
  );
  if (foreign) throw forbidden();
}

/** Start: the lots in scope become its lines, with their pieces now; none in scope answers 40001. */
export const startCount: Effect = async (tx, { record, viewer }) => {
  const lines = await planLines(tx, record, viewer);
  if (!lines) throw validationError([{ field: 'warehouseId', key: 'counts.validation.noLots' }]);
  return { columns: { line_count: lines, started_at: await now(tx) }, note: { lines } };
};

/** A count with nothing counted is refused before anything moves (40001). */
const somethingCounted = async (tx: Queryable, { record }: EffectContext) =>
  (await anyCounted(tx, record.id as number)) ? [] : [{ field: 'lines', key: 'counts.validation.nothingCounted' }];

/**
 * Submit: each counted line's variance (count-variance.ts). What it found is kept on the count for
 * the supervisor (readable with the expected right alone); its audit row says only how many lines
 * were counted, for the counters' timeline is no place for the books' figures.
 */
export const submitCount: Effect = Object.assign(
  async (tx: Queryable, ctx: EffectContext) => {
    await ownCount(tx, ctx);
    const found = await computeVariances(tx, ctx.record.id as number);
    return {
      columns: { differences: found.differences, variance_pieces: found.pieces, submitted_at: await now(tx) },
      note: { counted: found.counted },
    };
  },
  { check: somethingCounted },
);

/** Approve: the variances posted as adjustments (count-adjust.ts), in this one transaction. */
export const approveCount: Effect = async (tx, ctx) => {
  await ownCount(tx, ctx);
  const { record } = ctx;
  const posted = await postVariances(tx, { id: record.id as number, countNo: record.countNo as string });
  return { columns: { approved_at: await now(tx) }, note: { adjustments: posted.lines } };
};

/** Reject: back to counting, the lines that differed cleared for a recount; the reason kept for the counters. */
export const rejectCount: Effect = async (tx, ctx) => {
  await ownCount(tx, ctx);
  const { record, input } = ctx;
  const recount = await reopenDifferences(tx, record.id as number);
  const reason = (input.reason as string | undefined) ?? null;
  return {
    columns: { reject_reason: reason, differences: null, variance_pieces: null },
    note: { recount, ...(reason && { reason }) },
  };
};

/** Cancel moves no stock: only who may decide about the count's lots is checked. */
export const cancelCount: Effect = async (tx, ctx) => ownCount(tx, ctx);
