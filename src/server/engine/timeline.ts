import type { FastifyInstance } from 'fastify';
import { actionLabelKeys } from '../../domain/action-labels';
import { statusField, type ResourceDef } from '../../domain/resource';
import { notFound } from '../errors';
import { MAX_PAGE_SIZE } from './list-query';
import { documented, type engineRouteSchemas } from './openapi';
import { findRecord } from './records';
import { recordId, requestViewer } from './request';

interface TimelineRow {
  id: number;
  at: string;
  action: string;
  actionLabel: string;
  from: number | null;
  to: number | null;
  input: Record<string, unknown> | null;
  userId: number | null;
  userName: string | null;
  apiKeyId: number | null;
  apiKeyName: string | null;
}

/**
 * `GET <api>/{id}/timeline`: the record's life from its audit rows (every transition writes one in
 * its own transaction), oldest first: who, when, the action in the caller's words, the state before
 * and after, and what the action was given. Only a workflow action's row carries its input; a
 * create or edit row's snapshot of the whole record is the audit trail's to show. Read like the
 * record itself (same policy object, same scope): a record the caller may not read answers 404.
 */
export function timelineRoute(
  app: FastifyInstance,
  r: ResourceDef,
  docs: ReturnType<typeof engineRouteSchemas>,
  permission: string | undefined,
) {
  const state = statusField(r) ?? null;
  // An old row keeps the name its action had then (a delivery's complete): its input shows too.
  const actions = [
    ...(r.workflow?.actions ?? []),
    ...Object.entries(r.workflow?.machine?.actions ?? {}).flatMap(([name, a]) => [name, ...(a.deprecatedNames ?? [])]),
  ];
  app.get<{ Params: { id: string } }>(
    `${r.api}/:id/timeline`,
    { ...documented(docs.timeline), config: { permission } },
    async (request) => {
      const id = recordId(request.params.id);
      if (!(await findRecord(app.db, r, id, await requestViewer(app, request)))) throw notFound();
      // Served by audit_log(entity, entity_id, at, id): a record's rows in order, whatever the log's size.
      const rows = await app.db.query<Omit<TimelineRow, 'actionLabel'>>(
        `SELECT a.id, a.at, a.action,
                CASE WHEN jsonb_typeof(a.before->$3) = 'number' THEN (a.before->>$3)::int END AS "from",
                CASE WHEN jsonb_typeof(a.after->$3) = 'number' THEN (a.after->>$3)::int END AS "to",
                CASE WHEN a.action = ANY($4::text[]) AND jsonb_typeof(a.after) = 'object'
                     THEN NULLIF(a.after - $3::text, '{}'::jsonb) END AS input,
                a.user_id AS "userId", u.name AS "userName", a.api_key_id AS "apiKeyId", k.name AS "apiKeyName"
           FROM audit_log a LEFT JOIN users u ON u.id = a.user_id LEFT JOIN api_keys k ON k.id = a.api_key_id
          WHERE a.entity = $1 AND a.entity_id = $2
          ORDER BY a.at, a.id
          LIMIT ${MAX_PAGE_SIZE}`,
        [r.name, String(id), state ?? '', actions],
      );
      const total =
        rows.length < MAX_PAGE_SIZE
          ? rows.length
          : (
              await app.db.query<{ n: number }>(
                'SELECT count(*)::int AS n FROM audit_log WHERE entity = $1 AND entity_id = $2',
                [r.name, String(id)],
              )
            )[0].n;
      const words = (action: string) => {
        const keys = actionLabelKeys(r, action);
        return keys.map((k) => request.t(k)).find((text, i) => text !== keys[i]) ?? action;
      };
      return { rows: rows.map((row) => ({ ...row, actionLabel: words(row.action) })), total };
    },
  );
}
