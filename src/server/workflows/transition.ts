import type { FastifyRequest } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { canTransition, transitions, type StockAction } from '../../domain/stock-flow';
import type { Queryable } from '../db/types';
import { findRecord, type Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { conflict, notFound } from '../errors';
import { audit } from './documents';

/** The work of one action inside its transaction; what it returns is written on the document too. */
export type ActionBody = (tx: Queryable, doc: Rec, body: Rec) => Promise<Rec | void>;

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
  const to = transitions[action].to;
  const sets = Object.keys(extra).map((column, i) => `${column} = $${i + 3}`);
  await tx.query(
    `UPDATE ${table} SET status = $2${sets.map((s) => `, ${s}`).join('')}, version = version + 1, updated_at = now() WHERE id = $1`,
    [doc.id, to, ...Object.values(extra)],
  );
  await audit(tx, { userId: request.user!.id, entity: table, entityId: doc.id as number, action, before: { status: doc.status }, after: { status: to, ...extra } });
}
