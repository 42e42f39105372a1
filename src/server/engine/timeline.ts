import type { FastifyInstance } from 'fastify';
import { actionLabelKeys } from '../../domain/action-labels';
import { statusField, type ResourceDef } from '../../domain/resource';
import { notFound } from '../errors';
import { MAX_PAGE_SIZE } from './list-query';
import { documented, type engineRouteSchemas } from './openapi';
import { findRecord } from './records';
import { column, table } from './sql';
import { recordId, requestViewer } from './request';

interface TimelineRow {
  id: number;
  at: string;
  entity: string;
  action: string;
  actionLabel: string;
  from: number | null;
  to: number | null;
  input: Record<string, unknown> | null;
  reason: string | null;
  userId: number | null;
  userName: string | null;
  apiKeyId: number | null;
  apiKeyName: string | null;
}

/** What the query needs to read one kind of record's audit rows: its state field and its action names. */
const stepsOf = (r: ResourceDef) => ({
  state: statusField(r) ?? '',
  // An old row keeps the name its action had then (a delivery's complete): its input shows too.
  actions: [
    ...(r.workflow?.actions ?? []),
    ...Object.entries(r.workflow?.machine?.actions ?? {}).flatMap(([name, a]) => [name, ...(a.deprecatedNames ?? [])]),
  ],
});

/**
 * `GET <api>/{id}/timeline`: the record's life from its audit rows (every transition writes one in
 * its own transaction), oldest first, with the rows of the related records its declaration merges
 * in (`workflow.timeline.with`: an order's delivery): which record, who, when, the action in the
 * caller's words, the state before and after, and what the action was given. Only a workflow
 * action's row carries its input; a create or edit row's snapshot of the whole record is the audit
 * trail's to show. Read like the record itself (same policy object, same scope): a record the
 * caller may not read answers 404, and its related records' steps come with it.
 */
export function timelineRoute(
  app: FastifyInstance,
  r: ResourceDef,
  docs: ReturnType<typeof engineRouteSchemas>,
  permission: string | undefined,
  byName: (name: string) => ResourceDef | undefined,
) {
  const related = (r.workflow?.timeline?.with ?? []).map((key) => {
    const relation = r.relations?.[key];
    const child = relation && byName(relation.resource);
    if (!child) throw new Error(`${r.name}: workflow.timeline.with names ${key}, which is no relation of it`);
    return { child, foreignKey: relation.foreignKey };
  });
  const kinds = Object.fromEntries([r, ...related.map((x) => x.child)].map((def) => [def.name, stepsOf(def)]));
  // A related kind's rows are those of its records whose foreign key is this record ($2, the id as
  // audit_log keeps it); its name is parameter $3, $4, ...; the kinds' state fields and actions come last.
  const relatedRows = related.map(
    ({ child, foreignKey }, i) =>
      `OR (a.entity = $${3 + i} AND a.entity_id IN (SELECT c.id::text FROM ${table(child)} c WHERE c.${column(foreignKey)} = $2::text::int))`,
  );
  const where = `(a.entity = $1 AND a.entity_id = $2) ${relatedRows.join(' ')}`;
  const kindsParam = `$${3 + related.length}::jsonb`;
  app.get<{ Params: { id: string } }>(
    `${r.api}/:id/timeline`,
    { ...documented(docs.timeline), config: { permission } },
    async (request) => {
      const id = recordId(request.params.id);
      if (!(await findRecord(app.db, r, id, await requestViewer(app, request)))) throw notFound();
      // Served by audit_log(entity, entity_id, at, id): a record's rows in order, whatever the log's size.
      const rows = await app.db.query<Omit<TimelineRow, 'actionLabel'>>(
        `SELECT a.id, a.at, a.entity, a.action,
                CASE WHEN jsonb_typeof(a.before->(${kindsParam}->a.entity->>'state')) = 'number'
                     THEN (a.before->>(${kindsParam}->a.entity->>'state'))::int END AS "from",
                CASE WHEN jsonb_typeof(a.after->(${kindsParam}->a.entity->>'state')) = 'number'
                     THEN (a.after->>(${kindsParam}->a.entity->>'state'))::int END AS "to",
                CASE WHEN (${kindsParam}->a.entity->'actions') ? a.action AND jsonb_typeof(a.after) = 'object'
                     THEN NULLIF(a.after - (${kindsParam}->a.entity->>'state'), '{}'::jsonb) END AS input,
                CASE WHEN jsonb_typeof(a.after->'reason') = 'string' THEN a.after->>'reason' END AS reason,
                a.user_id AS "userId", u.name AS "userName", a.api_key_id AS "apiKeyId", k.name AS "apiKeyName"
           FROM audit_log a LEFT JOIN users u ON u.id = a.user_id LEFT JOIN api_keys k ON k.id = a.api_key_id
          WHERE ${where}
          ORDER BY a.at, a.id
          LIMIT ${MAX_PAGE_SIZE}`,
        [r.name, String(id), ...related.map((x) => x.child.name), JSON.stringify(kinds)],
      );
      const total =
        rows.length < MAX_PAGE_SIZE
          ? rows.length
          : (
              await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log a WHERE ${where}`, [
                r.name,
                String(id),
                ...related.map((x) => x.child.name),
              ])
            )[0].n;
      const words = (entity: string, action: string) => {
        const keys = actionLabelKeys(byName(entity), action);
        return keys.map((k) => request.t(k)).find((text, i) => text !== keys[i]) ?? action;
      };
      return { rows: rows.map((row) => ({ ...row, actionLabel: words(row.entity, row.action) })), total };
    },
  );
}
