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
  const [row] = await tx.query<{ day: string; last: number }>(
    `INSERT INTO document_sequences(prefix, day, last) VALUES ($1, ${warehouseDay('$2::int')}, 1)
     ON CONFLICT (prefix, day) DO UPDATE SET last = document_sequences.last + 1
     RETURNING to_char(day, 'YYYY-MM-DD') AS day, last`,
    [prefix, warehouseId],
  );
  return documentNumber(prefix, row.day, row.last);
}

/**
 * Every change's audit row, and with it the change's event in the outbox (DESIGN 9): all writes
 * pass here, so webhooks and live screens hear of each one that commits, and of none that does not.
 */
export const audit = (tx: Queryable, entry: AuditedChange) => auditAndOutbox(tx, entry);
