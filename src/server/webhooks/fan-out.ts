import { resourceByName } from '../../../resources/index';
import type { PolicyStore } from '../access/policy-store';
import type { Queryable } from '../db/types';
import type { OutboxEvent } from '../outbox/bus';
import { customerVisible, visibleTo } from '../live/visibility';
import { WANTS_EVENT } from './event-names';

/**
 * Whether endpoint `w` wants outbox event `o`: an endpoint of no organization (staff's) hears
 * every organization, one of an organization its own; and the event is among those it names, by
 * either of its names or their kinds (`order.*`), or as everything (`*`): event-names.ts.
 */
export const ENDPOINT_WANTS = `(w.organization_id IS NULL OR w.organization_id = o.organization_id)
  AND ${WANTS_EVENT}`;

/**
 * Takes the next batch off the fan-out queue, its rows locked under SKIP LOCKED (another instance
 * takes the next), answering their seqs: the oldest $1 events, and the oldest $2 of each
 * organization with an endpoint of its own, so one organization's backlog (an import's 20,000
 * events) is handed out beside the others' next events, not before them. Each organization's
 * events still go in sequence order; a staff endpoint, hearing all of them, may hear one
 * organization's next event before another's backlog.
 */
export const TAKE_FAN_OUT_BATCH = `
  WITH oldest AS (SELECT seq FROM outbox_fanout ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED),
  turns AS (
    SELECT f.seq FROM outbox_fanout f
     WHERE f.seq IN (
       SELECT t.seq FROM (SELECT DISTINCT organization_id FROM webhooks WHERE enabled AND organization_id IS NOT NULL) w
        CROSS JOIN LATERAL (
          SELECT o.seq FROM outbox o JOIN outbox_fanout q ON q.seq = o.seq
           WHERE o.organization_id = w.organization_id AND o.seq >= (SELECT min(seq) FROM outbox_fanout)
           ORDER BY o.seq LIMIT $2) t)
       FOR UPDATE SKIP LOCKED)
  DELETE FROM outbox_fanout WHERE seq IN (SELECT seq FROM oldest UNION SELECT seq FROM turns)
  RETURNING seq::float8 AS seq`;

/**
 * An organization's endpoint is that organization's own system: it hears what its cargo owners
 * could list, under the role an API key of theirs gets unless told otherwise (the apiKeys
 * schema's default), whoever made the endpoint. A draft bill or an expense is staff's news.
 */
const customerRoles = () => [String(resourceByName('apiKeys')?.schema.properties.role?.default ?? 'shipper')];

type Pair = OutboxEvent & { webhookId: number; endpointOrganization: number | null };

/**
 * Makes a delivery of each (endpoint, event) pair `pairs` names (the FROM clause of a query over
 * `webhooks w` and `outbox o`), less the events an organization's endpoint may not hear of, by
 * the live screens' rule (live/visibility.ts): one decision per organization and batch. Answers
 * how many deliveries were made or made again (`onConflict` says which).
 */
export async function makeDeliveries(
  tx: Queryable,
  policy: Pick<PolicyStore, 'allows'>,
  pairs: { from: string; params: unknown[]; onConflict: string },
): Promise<number> {
  const rows = await tx.query<Pair>(
    `SELECT w.id AS "webhookId", w.organization_id AS "endpointOrganization", o.seq::float8 AS seq, o.type,
            o.organization_id AS "organizationId", o.resource, o.record_id AS "recordId", o.user_id AS "userId",
            o.payload, o.created_at AS "createdAt"
       FROM ${pairs.from}`,
    pairs.params,
  );
  const forOrganizations = rows.filter((row) => row.endpointOrganization !== null);
  const heard = new Map<number, Set<number>>();
  if (forOrganizations.length) {
    const events = [...new Map(forOrganizations.map((row) => [row.seq, row])).values()];
    const narrowed = await customerVisible(tx, events);
    for (const organization of new Set(forOrganizations.map((row) => row.endpointOrganization!))) {
      const audience = {
        roles: customerRoles(),
        viewer: { userId: 0, all: false as const, organizationIds: [organization], customer: true },
      };
      const ofIt = events.filter((event) => event.organizationId === organization);
      heard.set(organization, new Set((await visibleTo(policy, audience, ofIt, narrowed)).map((event) => event.seq)));
    }
  }
  const kept = rows.filter(
    (row) => row.endpointOrganization === null || heard.get(row.endpointOrganization)!.has(row.seq),
  );
  if (!kept.length) return 0;
  const made = await tx.query(
    `INSERT INTO webhook_deliveries(webhook_id, seq, next_at, created_at)
     SELECT p.webhook_id, p.seq, $now, $now FROM unnest($1::int[], $2::bigint[]) AS p(webhook_id, seq)
     ON CONFLICT (webhook_id, seq) ${pairs.onConflict}
     RETURNING id`,
    [kept.map((row) => row.webhookId), kept.map((row) => row.seq)],
  );
  return made.length;
}
