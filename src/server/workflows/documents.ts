import { documentNumber } from '../../domain/stock-flow';
import { warehouseDay } from '../db/local-day';
import type { Queryable } from '../db/types';

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

export const audit = (
  tx: Queryable,
  entry: { userId: number; entity: string; entityId: number; action: string; before?: unknown; after?: unknown },
) =>
  tx.query('INSERT INTO audit_log(user_id, entity, entity_id, action, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.userId,
    entry.entity,
    String(entry.entityId),
    entry.action,
    entry.before === undefined ? null : JSON.stringify(entry.before),
    entry.after === undefined ? null : JSON.stringify(entry.after),
  ]);
