import { documentNumber } from '../../domain/stock-flow';
import { warehouseDay } from '../db/local-day';
import type { Queryable } from '../db/types';
import { auditAndOutbox, type AuditedChange } from '../outbox/write';

/**
 * The next number of the day for a prefix, unique because the increment is one atomic upsert. The
 * day is the warehouse's: a Los Angeles inbound made at 23:30 there is numbered on that day, although
 * UTC is on the next.
 */
export async function nextDocumentNo(tx: Queryable, prefix: string, warehouseId: number): Promise<string> {
  const [number] = await reserveDocumentNos(tx, prefix, [warehouseId]);
  return number;
}

/**
 * Numbers for many documents at once (an import's orders), one per warehouse given and in its
 * order: each day's counter moves by its count in one upsert, and the numbers reserved are the
 * ones it moved over.
 */
export async function reserveDocumentNos(tx: Queryable, prefix: string, warehouseIds: number[]): Promise<string[]> {
  if (!warehouseIds.length) return [];
  const rows = await tx.query<{ day: string; last: number }>(
    `WITH asked AS (
       SELECT a.n, ${warehouseDay('a.warehouse_id')} AS day FROM unnest($2::int[]) WITH ORDINALITY AS a(warehouse_id, n)),
     taken AS (
       INSERT INTO document_sequences(prefix, day, last) SELECT $1, day, count(*) FROM asked GROUP BY day
       ON CONFLICT (prefix, day) DO UPDATE SET last = document_sequences.last + EXCLUDED.last
       RETURNING day, last)
     SELECT to_char(a.day, 'YYYY-MM-DD') AS day,
            t.last - count(*) OVER (PARTITION BY a.day) + row_number() OVER (PARTITION BY a.day ORDER BY a.n) AS last
       FROM asked a JOIN taken t ON t.day = a.day ORDER BY a.n`,
    [prefix, warehouseIds],
  );
  return rows.map((row) => documentNumber(prefix, row.day, Number(row.last)));
}

/**
 * Every change's audit row, and with it the change's event in the outbox (DESIGN 9): all writes
 * pass here, so webhooks and live screens hear of each one that commits, and of none that does not.
 */
export const audit = (tx: Queryable, entry: AuditedChange) => auditAndOutbox(tx, entry);
