import type { Queryable } from '../../db/types';

/**
 * The variance rule (issue 42): a line's variance is what was counted less what its lot held at
 * the moment it was counted, that is the expected pieces at the start plus `moved`, the pieces
 * logged into or out of the lot between the start and that moment (stored with each count of the
 * line as the lot's on hand then less the expected: on hand is always the sum of the lot's change
 * logs). So an outbound confirmed mid-count, before the lot was counted, is no variance; one
 * confirmed after it was counted is left to the approval, which adds the variance to the lot as
 * it stands then. A line counted by several scans takes the moment of its last one. A line never
 * counted keeps no variance and adjusts nothing: a count never changes stock it did not look at.
 * One UPDATE for the whole count; answers what it found.
 */
export async function computeVariances(tx: Queryable, countId: number) {
  const [found] = await tx.query<{ counted: number; differences: number; pieces: number }>(
    `WITH computed AS (
       UPDATE count_lines SET variance = counted - (expected + coalesce(moved, 0))
        WHERE count_id = $1 AND counted IS NOT NULL
       RETURNING variance)
     SELECT count(*)::int AS counted, count(*) FILTER (WHERE variance <> 0)::int AS differences,
            coalesce(sum(variance), 0)::int AS pieces
       FROM computed`,
    [countId],
  );
  return found;
}

/** Whether any line of the count has been counted: a count submitted with none would say nothing. */
export async function anyCounted(tx: Queryable, countId: number) {
  const [row] = await tx.query('SELECT 1 FROM count_lines WHERE count_id = $1 AND counted IS NOT NULL LIMIT 1', [
    countId,
  ]);
  return Boolean(row);
}

/**
 * Sent back for a recount: the lines that differed lose their count and are marked recounted, to
 * be counted again from nothing (by scans too); those that matched keep theirs. Every variance
 * goes, to be computed again at the next submit. Answers how many lines are to be recounted.
 */
export async function reopenDifferences(tx: Queryable, countId: number) {
  const [{ recount }] = await tx.query<{ recount: number }>(
    `WITH reopened AS (
       UPDATE count_lines
          SET counted = CASE WHEN variance <> 0 THEN NULL ELSE counted END,
              counted_at = CASE WHEN variance <> 0 THEN NULL ELSE counted_at END,
              moved = CASE WHEN variance <> 0 THEN NULL ELSE moved END,
              recounted = recounted OR variance <> 0,
              variance = NULL
        WHERE count_id = $1 AND variance IS NOT NULL
       RETURNING counted)
     SELECT count(*) FILTER (WHERE counted IS NULL)::int AS recount FROM reopened`,
    [countId],
  );
  return recount;
}
