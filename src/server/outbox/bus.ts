import type { Db } from '../db/types';

export interface OutboxEvent {
  seq: number;
  type: string;
  organizationId: number | null;
  resource: string;
  recordId: string | null;
  userId: number | null;
  /** The API key the change was made with, if any. */
  apiKeyId: number | null;
  payload: Record<string, unknown>;
  createdAt: string;
}

/**
 * The outbox as its readers (webhook dispatcher, live screens) see it: a wake-up after each commit
 * that wrote events, and the committed events after a position.
 *
 * `onCommitted(listener)` calls the listener after every commit that wrote outbox rows: at once for
 * this process's own transactions, and on PostgreSQL for other instances' too (their commit's
 * `table_changes` notification names `outbox`, db/changes.ts and migration 0016). It is also called
 * when notifications may have been lost (a dropped LISTEN connection), so a reader must treat a
 * call as "read from your position", never as one event. Bursts call it once per transaction.
 *
 * On PostgreSQL a transaction that took its seq earlier may commit after one that took a later seq:
 * a reader resuming strictly after the highest seq it has seen can miss such a straggler, so a
 * reader that must not (a resumed stream) re-reads a short window behind its position and drops
 * what it has already sent.
 */
export class Outbox {
  constructor(private readonly db: Db) {}

  onCommitted(listener: () => void): () => void {
    return this.db.onChange((table) => {
      if (table === null || table === 'outbox') listener();
    });
  }

  /** Committed events after `afterSeq`, oldest first; of one organization when given (null: staff-only events). */
  read(afterSeq: number, limit: number, organizationId?: number | null): Promise<OutboxEvent[]> {
    const byOrganization = organizationId === undefined ? '' : 'AND organization_id IS NOT DISTINCT FROM $3';
    return this.db.query<OutboxEvent>(
      `SELECT seq::float8 AS seq, type, organization_id AS "organizationId", resource, record_id AS "recordId",
              user_id AS "userId", api_key_id AS "apiKeyId", payload, created_at AS "createdAt"
         FROM outbox WHERE seq > $1 ${byOrganization} ORDER BY seq LIMIT $2`,
      organizationId === undefined ? [afterSeq, limit] : [afterSeq, limit, organizationId],
    );
  }

  /** The newest committed seq, where a fresh stream starts; 0 for an empty outbox. */
  async lastSeq(): Promise<number> {
    const [row] = await this.db.query<{ seq: number }>('SELECT coalesce(max(seq), 0)::float8 AS seq FROM outbox');
    return row.seq;
  }
}
