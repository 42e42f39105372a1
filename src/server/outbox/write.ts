import { resourceByName } from '../../../resources/index';
import { columnName, type ResourceDef } from '../../domain/resource';
import { eventType } from '../../domain/event-types';
import { callerApiKeyId } from '../auth/caller';
import type { Queryable } from '../db/types';
import { ident, table } from '../engine/sql';

type Rec = Record<string, unknown>;

/** One audited change, as audit() is told of it. */
export interface AuditedChange {
  userId: number;
  entity: string;
  entityId: number;
  action: string;
  before?: unknown;
  after?: unknown;
  /** The API key the change was made with; by default the running request's (auth/caller.ts). */
  apiKeyId?: number;
}

/** The outbox's type of an action, named as its declaration says where it says so (a return's submit: `return.requested`). */
const typeOf = (resource: string, action: string) =>
  eventType(resource, action, resourceByName(resource)?.workflow?.machine?.actions[action]?.event);

const statusOf = (state: unknown) => (state && typeof state === 'object' ? (state as Rec).status : undefined);

/**
 * An event carries what happened, not the record: a customer's system reads the record through the
 * API when it cares, with its own rights. A state change names both states.
 */
const payloadOf = (change: AuditedChange) => {
  const from = statusOf(change.before);
  const to = statusOf(change.after);
  return {
    id: change.entityId,
    action: change.action,
    ...(from !== undefined && { fromStatus: from }),
    ...(to !== undefined && { status: to }),
  };
};

/**
 * The SQL of the organization a change belongs to, given the record's id as `$idParam`: the tenant
 * field the change itself carries (a deleted record's row is gone), else read from its row in the
 * same statement; NULL for records of no organization (staff data).
 */
function organizationSql(change: AuditedChange, idParam: string, params: unknown[]): string {
  const r = resourceByName(change.entity);
  if (!r?.tenant) return 'NULL::int';
  if (r.tenant === 'id') return `${idParam}::int`;
  for (const state of [change.after, change.before]) {
    const value = state && typeof state === 'object' ? (state as Rec)[r.tenant] : undefined;
    if (Number.isInteger(value)) {
      params.push(value);
      return `$${params.length}::int`;
    }
  }
  return `(SELECT t.${ident(columnName(r.tenant))} FROM ${table(r)} t WHERE t.id = ${idParam}::int)`;
}

/**
 * The audit row and the outbox row of one change as one statement, in the caller's transaction: one
 * round trip, and neither exists unless the change commits. The event's seq also joins the webhook
 * fan-out's queue (outbox_fanout), which the dispatcher empties as it hands events to endpoints.
 */
export function auditAndOutbox(tx: Queryable, change: AuditedChange) {
  const params: unknown[] = [
    change.userId,
    change.entity,
    String(change.entityId),
    change.action,
    change.before === undefined ? null : JSON.stringify(change.before),
    change.after === undefined ? null : JSON.stringify(change.after),
    typeOf(change.entity, change.action),
    JSON.stringify(payloadOf(change)),
    change.apiKeyId ?? callerApiKeyId() ?? null,
  ];
  const organization = organizationSql(change, '$3', params);
  return tx.query(
    `WITH audited AS (
       INSERT INTO audit_log(user_id, entity, entity_id, action, before, after, api_key_id) VALUES ($1, $2, $3, $4, $5, $6, $9)),
     event AS (
       INSERT INTO outbox(type, organization_id, resource, record_id, user_id, payload, created_at, api_key_id)
       VALUES ($7, ${organization}, $2, $3, $1, $8::jsonb, $now, $9) RETURNING seq)
     INSERT INTO outbox_fanout(seq) SELECT seq FROM event`,
    params,
  );
}

/**
 * The audit rows and events of many changes to one resource (an import's orders) in one statement:
 * the rows auditAndOutbox writes for each, whatever their number. Each change's organization is
 * read from its record's row.
 */
export async function auditAndOutboxAll(tx: Queryable, changes: AuditedChange[]) {
  if (!changes.length) return;
  const entity = changes[0].entity;
  const r = resourceByName(entity);
  const organization = !r?.tenant
    ? 'NULL::int'
    : r.tenant === 'id'
      ? 'x.entity_id::int'
      : `(SELECT t.${ident(columnName(r.tenant))} FROM ${table(r)} t WHERE t.id = x.entity_id::int)`;
  const json = (state: unknown) => (state === undefined ? null : JSON.stringify(state));
  await tx.query(
    `WITH x AS (
       SELECT * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[])
         WITH ORDINALITY AS x(user_id, entity_id, action, before, after, type, payload, api_key_id, n)),
     audited AS (
       INSERT INTO audit_log(user_id, entity, entity_id, action, before, after, api_key_id)
       SELECT user_id, $1, entity_id, action, before::jsonb, after::jsonb, api_key_id FROM x ORDER BY n),
     event AS (
       INSERT INTO outbox(type, organization_id, resource, record_id, user_id, payload, created_at, api_key_id)
       SELECT type, ${organization}, $1, entity_id, user_id, payload::jsonb, $now, api_key_id FROM x ORDER BY n
       RETURNING seq)
     INSERT INTO outbox_fanout(seq) SELECT seq FROM event`,
    [
      entity,
      changes.map((c) => c.userId),
      changes.map((c) => String(c.entityId)),
      changes.map((c) => c.action),
      changes.map((c) => json(c.before)),
      changes.map((c) => json(c.after)),
      changes.map((c) => typeOf(entity, c.action)),
      changes.map((c) => JSON.stringify(payloadOf(c))),
      changes.map((c) => c.apiKeyId ?? callerApiKeyId() ?? null),
    ],
  );
}

/**
 * One event per record for a set-based write that skips audit() (an import, a bill run): one
 * INSERT ... SELECT over the records' rows, whatever their number.
 */
export async function recordEvents(
  tx: Queryable,
  change: { userId: number; resource: string; action: string; ids: number[] },
) {
  if (!change.ids.length) return;
  const r = resourceByName(change.resource);
  if (!r) throw new Error(`outbox: no resource ${change.resource}`);
  await tx.query(
    `WITH rows AS (SELECT * FROM ${table(r)} t WHERE t.id = ANY($5::int[])), ${eventsOf(r, 'rows')} SELECT 1`,
    [typeOf(change.resource, change.action), change.resource, change.userId, change.action, change.ids],
  );
}

/**
 * recordEvents as common table expressions over rows a statement itself writes (`source`, a CTE of
 * the resource's columns: an INSERT's RETURNING *), so a set-based write and its events are one
 * statement. Its parameters are recordEvents' first four: the event type, the resource, the user
 * and the action ($1 to $4).
 */
export function eventsOf(r: ResourceDef, source: string) {
  const organization = !r.tenant ? 'NULL::int' : r.tenant === 'id' ? 't.id' : `t.${ident(columnName(r.tenant))}`;
  return `event AS (
       INSERT INTO outbox(type, organization_id, resource, record_id, user_id, payload, created_at)
       SELECT $1, ${organization}, $2, t.id::text, $3, jsonb_build_object('id', t.id, 'action', $4::text), $now
         FROM ${source} t ORDER BY t.id
       RETURNING seq),
     fanned AS (INSERT INTO outbox_fanout(seq) SELECT seq FROM event)`;
}

/** The parameters eventsOf reads, $1 to $4. */
export const eventParams = (resource: string, userId: number, action: string) => [
  typeOf(resource, action),
  resource,
  userId,
  action,
];
