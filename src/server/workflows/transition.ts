import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { buttonPermission } from '../../domain/resource';
import { canTransition, DocStatus, inboundMachine, type StockAction } from '../../domain/stock-flow';
import type { Queryable } from '../db/types';
import { findRecord, type Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { recordId, requestViewer } from '../engine/crud';
import { conflict, forbidden, notFound } from '../errors';
import { audit } from './documents';
import { idParams, movedTo, routeSchemas, type Json } from '../contract/route-schemas';

/**
 * The work of one action inside its transaction; what it returns is written on the document too.
 * `userId` is who acts, for audit rows of records the action moves along (a mall order).
 */
export type ActionBody = (tx: Queryable, doc: Rec, body: Rec, userId: number) => Promise<Rec | void>;

/**
 * Locks a document the viewer may see and checks the action is allowed from its state; a document
 * that moved on meanwhile answers 40901 naming its state, in the caller's language.
 */
export async function lockForAction(
  tx: Queryable,
  request: FastifyRequest,
  resourceName: string,
  id: number,
  viewer: Viewer,
  action: StockAction,
): Promise<Rec> {
  const r = resourceByName(resourceName)!;
  const doc = await findRecord(tx, r, id, viewer, true);
  if (!doc) throw notFound();
  if (!canTransition(action, doc.status as number))
    throw conflict('errors.wrongState', {
      status: request.t(`enums.${resourceName === 'inbounds' ? 'inboundStatus' : 'outboundStatus'}.${doc.status}`),
      action: request.t(`workflowActions.${action}`),
    });
  return doc;
}

/** Moves the document to the action's target state and records who did it. */
export async function completeTransition(
  tx: Queryable,
  request: FastifyRequest,
  table: 'inbounds' | 'outbounds',
  doc: Rec,
  action: StockAction,
  extra: Record<string, unknown> = {},
) {
  const to = inboundMachine.actions[action].to;
  const sets = Object.keys(extra).map((column, i) => `${column} = $${i + 3}`);
  await tx.query(
    `UPDATE ${table} SET status = $2${sets.map((s) => `, ${s}`).join('')}, version = version + 1, updated_at = now() WHERE id = $1`,
    [doc.id, to, ...Object.values(extra)],
  );
  await audit(tx, {
    userId: request.user!.id,
    entity: table,
    entityId: doc.id as number,
    action,
    before: { status: doc.status },
    after: { status: to, ...extra },
  });
}

/**
 * `POST <api>/{id}/<action>` of a stock document: lock, check the state, run the action's work and
 * move the state, all in one transaction. Undoing a done document changes stock, so cancelling one
 * takes the confirm right as well as cancel. `body` documents what the action reads of its body.
 */
export function stockActionRoute(
  app: FastifyInstance,
  table: 'inbounds' | 'outbounds',
  name: StockAction,
  run: ActionBody,
  body?: Json,
) {
  const r = resourceByName(table)!;
  const schemas = routeSchemas({
    summary: `${name} the ${r.name.slice(0, -1)}`,
    description: `Moves it from ${inboundMachine.actions[name].from!.join(' or ')} to ${inboundMachine.actions[name].to} in one transaction; another state answers 40901.`,
    params: idParams,
    body,
    answer: movedTo,
  });
  app.post<{ Params: { id: string } }>(
    `${r.api}/:id/${name}`,
    { config: { permission: buttonPermission(r, name) }, ...schemas },
    async (request) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      const body = (request.body ?? {}) as Rec;
      await app.db.transaction(async (tx) => {
        const doc = await lockForAction(tx, request, table, id, viewer, name);
        if (
          name === 'cancel' &&
          doc.status === DocStatus.done &&
          !(await app.policy.allows(request.user!.roles, buttonPermission(r, 'confirm')))
        )
          throw forbidden();
        const extra = (await run(tx, doc, body, request.user!.id)) ?? {};
        await completeTransition(tx, request, table, doc, name, extra);
      });
      const [row] = await app.db.query<{ status: number }>(`SELECT status FROM ${table} WHERE id = $1`, [id]);
      return { id, status: row.status };
    },
  );
}
