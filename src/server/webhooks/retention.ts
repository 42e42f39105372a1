import type { Db } from '../db/types';
import { DeliveryStatus } from '../../domain/webhooks';

/**
 * How long events and delivery logs are kept (days): an endpoint's log shows this far back and a
 * replay reaches this far. A busy year writes millions of events; without an end the outbox and
 * the attempt log would grow for ever.
 */
export const RETENTION_DAYS = Number(process.env.WEBHOOK_RETENTION_DAYS ?? 30);
/** Rows removed per statement: a pass never holds long locks, however far behind it is. */
const CHUNK = 5_000;

const finished = [DeliveryStatus.delivered, DeliveryStatus.failed].join(', ');
const unfinished = [DeliveryStatus.pending, DeliveryStatus.paused].join(', ');

/**
 * Removes what is older than the retention: finished deliveries with their attempts (by the
 * cascade), then events no queue and no unfinished delivery still needs. Answers how many rows
 * went, so the caller goes on while there is more.
 */
export async function pruneOld(db: Db): Promise<number> {
  const cutoff = `$now - make_interval(days => ${RETENTION_DAYS})`;
  const deliveries = await db.query(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries WHERE status IN (${finished}) AND created_at < ${cutoff} LIMIT ${CHUNK})
     RETURNING id`,
  );
  const events = await db.query(
    `DELETE FROM outbox WHERE seq IN (
       SELECT o.seq FROM outbox o
        WHERE o.created_at < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM outbox_fanout f WHERE f.seq = o.seq)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.seq = o.seq AND d.status IN (${unfinished}))
        LIMIT ${CHUNK})
     RETURNING seq`,
  );
  return deliveries.length + events.length;
}
