import { lotIdOfCode } from '../../../domain/barcode';
import { CountStatus } from '../../../domain/count-flow';
import type { Queryable } from '../../db/types';
import type { Viewer } from '../../engine/scope';
import type { SentScan } from '../scans/scan-records';

/** What became of one scan of a count: never how it compares with the books (the count is blind). */
export interface CountScanResult {
  id: string;
  code: string;
  pieces: number;
  counted: boolean;
  refusal: string | null;
  skuId: number | null;
  lotId: number | null;
}

/**
 * Records a batch of scans against a count (issue 42) in the `scans` table of issue 41, as
 * `document = 'counts'`, each at most once by the id its device gave it, in the caller's
 * transaction after it locked the count for sharing (a submit waits for the batch; a batch after
 * it is refused as not counting). A code is a lot's label, naming its line, or a SKU's barcode,
 * naming the one line of that SKU on the count; a SKU with several lots on it is refused, to be
 * scanned by its lots' labels. A counted scan adds its pieces to its line and stamps the moment
 * with what its lot holds then (`moved`, count-variance.ts). One statement resolves, inserts and
 * counts the whole batch; a scan another device sent meanwhile keeps its first record, and two
 * batches adding to one line wait on its row and add up. A counter limited to some customers
 * counts their lots alone: another's reads as a code they do not know. Answers each scan's result.
 */
export async function recordCountScans(
  tx: Queryable,
  count: { id: number; status: number },
  scans: SentScan[],
  { userId, device, viewer }: { userId: number; device: string | null; viewer: Viewer },
) {
  const rows = scans.map((s) => ({
    id: s.id,
    code: s.code,
    pieces: s.pieces ?? 1,
    at: s.at,
    lot: lotIdOfCode(s.code) ?? null,
  }));
  const [added] = await tx.query<{ scans: number; pieces: number; lines: number }>(
    `WITH sent AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(id uuid, code text, pieces int, at timestamptz, lot int)
     ), named AS (
       SELECT s.*, coalesce(by_lot.lot_id, by_sku.lot_id) AS line_lot, coalesce(by_sku.lines, 1) AS lines,
              coalesce(by_lot.sku_id, by_sku.sku_id, other.sku_id) AS sku_id,
              coalesce(by_lot.organization_id, by_sku.organization_id, other.organization_id) AS organization_id,
              other.found, other.lot_id AS other_lot
         FROM sent s
         LEFT JOIN count_lines by_lot ON s.lot IS NOT NULL AND by_lot.count_id = $2 AND by_lot.lot_id = s.lot
                                       AND ($6::int[] IS NULL OR by_lot.organization_id = ANY($6))
         LEFT JOIN LATERAL (
           SELECT min(c.lot_id) AS lot_id, min(c.sku_id) AS sku_id, min(c.organization_id) AS organization_id,
                  count(*)::int AS lines
             FROM skus k JOIN count_lines c ON c.count_id = $2 AND c.sku_id = k.id
            AND ($6::int[] IS NULL OR c.organization_id = ANY($6))
            WHERE s.lot IS NULL AND k.barcode = s.code
           HAVING count(*) > 0) by_sku ON true
         LEFT JOIN LATERAL (
           SELECT true AS found, x.lot_id, x.sku_id, x.organization_id FROM (
             SELECT l.id AS lot_id, l.sku_id, l.organization_id FROM lots l WHERE s.lot IS NOT NULL AND l.id = s.lot
                AND ($6::int[] IS NULL OR l.organization_id = ANY($6))
             UNION ALL
             SELECT NULL, k.id, k.organization_id FROM skus k WHERE s.lot IS NULL AND k.barcode = s.code
                AND ($6::int[] IS NULL OR k.organization_id = ANY($6))) x
           LIMIT 1) other ON by_lot.id IS NULL AND by_sku.lot_id IS NULL
     ), judged AS (
       SELECT n.*, CASE
                     WHEN $3::int <> ${CountStatus.counting} THEN 'notCounting'
                     WHEN n.line_lot IS NOT NULL AND n.lines > 1 THEN 'manyLots'
                     WHEN n.line_lot IS NOT NULL THEN NULL
                     WHEN n.found THEN 'notOnCount'
                     ELSE 'unknownCode'
                   END AS refusal
         FROM named n
     ), stored AS (
       INSERT INTO scans (id, document, document_id, organization_id, sku_id, lot_id, code, pieces, counted, refusal,
                          device, user_id, scanned_at)
       SELECT id, 'counts', $2, organization_id, sku_id, CASE WHEN lines = 1 THEN coalesce(line_lot, other_lot) END,
              code, pieces, refusal IS NULL, refusal, $4, $5, at
         FROM judged
       ON CONFLICT (id) DO NOTHING
       RETURNING lot_id, pieces, counted
     ), added AS (
       UPDATE count_lines c
          SET counted = coalesce(c.counted, 0) + a.pieces, counted_at = $now, moved = l.pieces - c.expected
         FROM (SELECT lot_id, sum(pieces)::int AS pieces FROM stored WHERE counted GROUP BY lot_id) a, lots l
        WHERE c.count_id = $2 AND c.lot_id = a.lot_id AND l.id = c.lot_id
       RETURNING c.id
     )
     SELECT (SELECT count(*)::int FROM stored) AS scans,
            (SELECT coalesce(sum(pieces), 0)::int FROM stored WHERE counted) AS pieces,
            (SELECT count(*)::int FROM added) AS lines`,
    [JSON.stringify(rows), count.id, count.status, device, userId, viewer.all ? null : viewer.organizationIds],
  );
  return {
    results: await countScanResults(
      tx,
      count.id,
      rows.map((r) => r.id),
    ),
    /** What this batch added: none when every scan was sent before. */
    added,
  };
}

/**
 * The stored result of each scan id, in the order asked; an id the device used for another
 * document is refused as such, as on a stock document.
 */
async function countScanResults(q: Queryable, countId: number, ids: string[]): Promise<CountScanResult[]> {
  const rows = await q.query<CountScanResult & { document: string; documentId: number }>(
    `SELECT s.id::text, s.code, s.pieces, s.counted, s.refusal, s.sku_id AS "skuId", s.lot_id AS "lotId",
            s.document, s.document_id AS "documentId"
       FROM scans s WHERE s.id = ANY($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const { document, documentId, ...result } = byId.get(id)!;
    return document === 'counts' && documentId === countId ? result : { ...result, counted: false, refusal: 'idUsed' };
  });
}
