import { CountStatus } from '../../../domain/count-flow';
import type { Queryable } from '../../db/types';
import type { Rec } from '../../engine/records';
import type { Viewer } from '../../engine/scope';

/**
 * A count's lines, made when it starts: the warehouse's lots in stock that the count names (its
 * customer, its SKUs, those no approved count has counted in its days), each with its pieces on
 * hand at that moment as expected, in one INSERT … SELECT whatever their number. A user limited
 * to some customers counts theirs alone: the count never holds a lot they may not see. No lock is
 * taken: the statement reads committed stock, and what moves after it is what each line's
 * `moved` catches when the lot is counted (count-scans.ts). Answers how many lines it made.
 */
export async function planLines(tx: Queryable, count: Rec, viewer: Viewer): Promise<number> {
  const [{ lines }] = await tx.query<{ lines: number }>(
    `WITH planned AS (
       INSERT INTO count_lines (count_id, lot_id, sku_id, organization_id, expected, recounted)
       SELECT $1, l.id, l.sku_id, l.organization_id, l.pieces, false
         FROM lots l
        WHERE l.warehouse_id = $2 AND l.pieces > 0
          AND ($3::int IS NULL OR l.organization_id = $3)
          AND ($4::int[] IS NULL OR l.sku_id = ANY($4))
          AND ($5::int[] IS NULL OR l.organization_id = ANY($5))
          AND ($6::int IS NULL OR NOT EXISTS (
                SELECT 1 FROM count_lines p JOIN counts k ON k.id = p.count_id
                 WHERE p.lot_id = l.id AND k.status = ${CountStatus.done} AND p.counted_at > $now - make_interval(days => $6)))
        ORDER BY l.id
       RETURNING 1)
     SELECT count(*)::int AS lines FROM planned`,
    [
      count.id,
      count.warehouseId,
      count.organizationId ?? null,
      (count.skuIds as number[] | null)?.length ? count.skuIds : null,
      viewer.all ? null : viewer.organizationIds,
      count.notCountedForDays ?? null,
    ],
  );
  return lines;
}
