import { lotIdOfCode } from '../../../domain/barcode';
import { ReturnStatus } from '../../../domain/return-flow';
import { DocStatus } from '../../../domain/stock-flow';
import type { LotPieces, ScanLine, ScanUser } from '../../../domain/scan-totals';
import type { Queryable } from '../../db/types';

export type ScanDocument = 'inbounds' | 'outbounds' | 'returns';

export interface SentScan {
  id: string;
  code: string;
  pieces?: number;
  at: string;
}

export interface ScanResult {
  id: string;
  code: string;
  pieces: number;
  counted: boolean;
  /** Counted past the SKU's expected pieces: counted all the same, and flagged. */
  over: boolean;
  refusal: string | null;
  skuId: number | null;
  lotId: number | null;
}

/**
 * Each document's lines and the state its goods are scanned in: an inbound or an outbound awaiting
 * the warehouse, a return once approved (its goods on their way back, issue 42).
 */
const LINES: Record<ScanDocument, { table: string; key: string; awaiting: number }> = {
  inbounds: { table: 'inbound_lines', key: 'inbound_id', awaiting: DocStatus.awaiting },
  outbounds: { table: 'outbound_lines', key: 'outbound_id', awaiting: DocStatus.awaiting },
  returns: { table: 'return_lines', key: 'return_id', awaiting: ReturnStatus.approved },
};

/**
 * Records a batch of scans against an inbound, an outbound or a return, each at most once by the id
 * its device gave it, in the caller's transaction after it locked the document (FOR SHARE: a confirm
 * or a receive waits for the batch, and a batch after it is refused as not awaiting). A code is the
 * SKU's barcode of the document's organization or, on an outbound, a lot's label naming one of its
 * lots; a SKU not on the document, an unknown code, or a document no longer awaiting refuses the
 * scan, which is kept with its reason so a retry gets the same answer. One statement resolves and
 * inserts the whole batch; a scan another device sent meanwhile keeps its first record
 * (ON CONFLICT DO NOTHING).
 */
export async function recordScans(
  tx: Queryable,
  document: ScanDocument,
  doc: { id: number; organizationId: number; status: number },
  scans: SentScan[],
  userId: number,
  device: string | null,
) {
  const { table, key, awaiting } = LINES[document];
  const rows = scans.map((s) => ({
    id: s.id,
    code: s.code,
    pieces: s.pieces ?? 1,
    at: s.at,
    lot: document === 'outbounds' ? (lotIdOfCode(s.code) ?? null) : null,
  }));
  const fresh = await tx.query<{ counted: boolean; pieces: number }>(
    `WITH sent AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(id uuid, code text, pieces int, at timestamptz, lot int)
     ), named AS (
       SELECT s.*, coalesce(l.sku_id, k.id) AS sku_id, l.id AS lot_id
         FROM sent s
         LEFT JOIN lots l ON l.id = s.lot AND l.organization_id = $3
         LEFT JOIN LATERAL (SELECT k.id FROM skus k WHERE s.lot IS NULL AND k.organization_id = $3 AND k.barcode = s.code
                             ORDER BY k.id LIMIT 1) k ON true
     ), judged AS (
       SELECT n.*, CASE
                     WHEN $4::int <> ${awaiting} THEN 'notAwaiting'
                     WHEN n.sku_id IS NULL THEN 'unknownCode'
                     WHEN NOT EXISTS (SELECT 1 FROM ${table} d WHERE d.${key} = $2 AND d.sku_id = n.sku_id) THEN 'notOnDocument'
                   END AS refusal
         FROM named n
     )
     INSERT INTO scans (id, document, document_id, organization_id, sku_id, lot_id, code, pieces, counted, refusal, device, user_id, scanned_at)
     SELECT id, $5, $2, $3, sku_id, lot_id, code, pieces, refusal IS NULL, refusal, $6, $7, at FROM judged
     ON CONFLICT (id) DO NOTHING
     RETURNING counted, pieces`,
    [JSON.stringify(rows), doc.id, doc.organizationId, doc.status, document, device, userId],
  );
  return {
    results: await scanResults(
      tx,
      document,
      doc.id,
      rows.map((r) => r.id),
    ),
    /** What this batch added: none when every scan was sent before. */
    added: { scans: fresh.length, pieces: fresh.filter((f) => f.counted).reduce((sum, f) => sum + f.pieces, 0) },
  };
}

/**
 * The stored result of each scan id, in the order asked: a scan is over when its SKU's counted
 * pieces up to it, in the order the server took them, pass what the document expects. An id the
 * device used for another document is refused as such.
 */
async function scanResults(q: Queryable, document: ScanDocument, documentId: number, ids: string[]) {
  const { table, key } = LINES[document];
  const rows = await q.query<ScanResult & { document: string; documentId: number }>(
    `WITH expected AS (SELECT sku_id, sum(pieces) AS pieces FROM ${table} WHERE ${key} = $2 GROUP BY sku_id),
     mine AS (
       SELECT s.id, s.sku_id, s.counted, sum(s.pieces) FILTER (WHERE s.counted)
                OVER (PARTITION BY s.sku_id ORDER BY s.received_at, s.id) AS running
         FROM scans s WHERE s.document = $3 AND s.document_id = $2)
     SELECT s.id::text, s.code, s.pieces, s.counted, s.refusal, s.sku_id AS "skuId", s.lot_id AS "lotId",
            s.document, s.document_id AS "documentId",
            coalesce(m.counted AND m.running > coalesce(e.pieces, 0), false) AS over
       FROM scans s LEFT JOIN mine m ON m.id = s.id LEFT JOIN expected e ON e.sku_id = s.sku_id
      WHERE s.id = ANY($1::uuid[])`,
    [ids, documentId, document],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id): ScanResult => {
    const row = byId.get(id)!;
    if (row.document !== document || row.documentId !== documentId)
      return { ...row, counted: false, over: false, refusal: 'idUsed' };
    const { document: _d, documentId: _i, ...result } = row;
    return result;
  });
}

/** Expected and scanned pieces per SKU of the document: its lines whole, however many. */
export async function scanLines(q: Queryable, document: ScanDocument, documentId: number): Promise<ScanLine[]> {
  const { table, key } = LINES[document];
  return q.query<ScanLine>(
    `WITH expected AS (SELECT sku_id, sum(pieces)::int AS pieces FROM ${table} WHERE ${key} = $1 GROUP BY sku_id),
     scanned AS (SELECT sku_id, sum(pieces)::int AS pieces FROM scans
                  WHERE document = $2 AND document_id = $1 AND counted GROUP BY sku_id)
     SELECT e.sku_id AS "skuId", k.title AS "skuTitle", k.barcode, e.pieces AS expected,
            coalesce(c.pieces, 0) AS scanned,
            greatest(e.pieces - coalesce(c.pieces, 0), 0) AS short,
            greatest(coalesce(c.pieces, 0) - e.pieces, 0) AS over
       FROM expected e LEFT JOIN scanned c ON c.sku_id = e.sku_id LEFT JOIN skus k ON k.id = e.sku_id
      ORDER BY e.sku_id`,
    [documentId, document],
  );
}

/**
 * Counted pieces per lot, for picking: an outbound's scans name lots by their labels, and its
 * confirm takes exactly these once any was counted (effects/outbound.ts). Empty for an inbound
 * or a return, whose scans name SKUs.
 */
export const scannedLots = (q: Queryable, document: ScanDocument, documentId: number) =>
  q.query<LotPieces>(
    `SELECT lot_id AS "lotId", sum(pieces)::int AS pieces FROM scans
      WHERE document = $1 AND document_id = $2 AND counted AND lot_id IS NOT NULL
      GROUP BY lot_id ORDER BY lot_id`,
    [document, documentId],
  );

/** Scans and counted pieces per user: several workers on one document each see their share. */
export const scanUsers = (q: Queryable, document: ScanDocument, documentId: number) =>
  q.query<ScanUser>(
    `SELECT s.user_id AS "userId", u.name AS "userName", count(*)::int AS scans,
            coalesce(sum(s.pieces) FILTER (WHERE s.counted), 0)::int AS scanned
       FROM scans s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.document = $1 AND s.document_id = $2 GROUP BY s.user_id, u.name ORDER BY s.user_id`,
    [document, documentId],
  );

/** The log (newest first, at most `limit`) and how many scans there are, for the document's screen. */
export async function scanLog(q: Queryable, document: ScanDocument, documentId: number, limit: number) {
  const log = await q.query<Record<string, unknown>>(
    `SELECT s.id::text, s.code, s.pieces, s.counted, s.refusal, s.sku_id AS "skuId", s.lot_id AS "lotId",
            s.device, s.user_id AS "userId", u.name AS "userName",
            to_char(s.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
            to_char(s.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "receivedAt"
       FROM scans s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.document = $1 AND s.document_id = $2
      ORDER BY s.received_at DESC, s.id DESC LIMIT $3`,
    [document, documentId, limit],
  );
  const [{ total }] = await q.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM scans WHERE document = $1 AND document_id = $2',
    [document, documentId],
  );
  return { log, total };
}

/**
 * An inbound received by scanning is confirmed as scanned (issue 41): where any scan of it was
 * counted, each SKU's lines take its scanned pieces in line order, each up to what it expected and
 * the last of the SKU the rest (an over-count included); a line left with none is dropped. Pallets
 * stay as announced: a scan counts pieces. Called by the confirm, inside its transaction.
 */
export async function inboundLinesFollowScans(tx: Queryable, inboundId: number) {
  const [scanned] = await tx.query(
    "SELECT 1 FROM scans WHERE document = 'inbounds' AND document_id = $1 AND counted LIMIT 1",
    [inboundId],
  );
  if (!scanned) return;
  await tx.query(
    `WITH scanned AS (
       SELECT sku_id, sum(pieces)::int AS pieces FROM scans
        WHERE document = 'inbounds' AND document_id = $1 AND counted GROUP BY sku_id
     ), placed AS (
       SELECT l.id, coalesce(s.pieces, 0) - (sum(l.pieces) OVER w - l.pieces) AS left_over, l.pieces,
              row_number() OVER (PARTITION BY l.sku_id ORDER BY l.id DESC) = 1 AS last
         FROM inbound_lines l LEFT JOIN scanned s ON s.sku_id = l.sku_id
        WHERE l.inbound_id = $1
       WINDOW w AS (PARTITION BY l.sku_id ORDER BY l.id)
     )
     UPDATE inbound_lines l
        SET pieces = CASE WHEN p.last THEN greatest(p.left_over, 0) ELSE least(p.pieces, greatest(p.left_over, 0)) END
       FROM placed p WHERE l.id = p.id`,
    [inboundId],
  );
  await tx.query('DELETE FROM inbound_lines WHERE inbound_id = $1 AND pieces = 0', [inboundId]);
}
