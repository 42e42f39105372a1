import type { FastifyInstance } from 'fastify';
import { DocStatus } from '../../domain/stock-flow';
import type { Queryable } from '../db/types';
import type { Rec } from '../engine/records';
import type { FieldProblem } from '../errors';
import { planRoutes, type DocumentKind } from './plan';

/**
 * A return's outbound and mall order, each naming the other (issue 42): the outbound wins and the
 * order follows it, an order alone names its outbound. The outbound must be the return's
 * organization's and have left the warehouse; both already passed the caller's scope as references.
 */
async function linkedDocuments(tx: Queryable, header: Rec): Promise<FieldProblem[]> {
  if (header.orderId !== undefined) {
    const [order] = await tx.query<{ outbound_id: number | null }>('SELECT outbound_id FROM orders WHERE id = $1', [
      header.orderId,
    ]);
    if (!order?.outbound_id) return [{ field: 'orderId', key: 'returns.validation.orderNotShipped' }];
    if (header.outboundId !== undefined && header.outboundId !== order.outbound_id)
      return [{ field: 'orderId', key: 'returns.validation.otherOrder' }];
    header.outboundId = order.outbound_id;
  }
  if (header.outboundId === undefined) return [];
  const [outbound] = await tx.query<{ organization_id: number; status: number; order_id: number | null }>(
    `SELECT b.organization_id, b.status, (SELECT o.id FROM orders o WHERE o.outbound_id = b.id ORDER BY o.id LIMIT 1) AS order_id
       FROM outbounds b WHERE b.id = $1`,
    [header.outboundId],
  );
  if (outbound.organization_id !== header.organizationId)
    return [{ field: 'outboundId', key: 'returns.validation.otherOrganization' }];
  if (outbound.status !== DocStatus.done) return [{ field: 'outboundId', key: 'returns.validation.outboundNotDone' }];
  header.orderId = outbound.order_id ?? undefined;
  return [];
}

export const RETURN: DocumentKind = {
  resource: 'returns',
  lines: 'returnLines',
  foreignKey: 'returnId',
  prefix: 'RMA',
  lineFields: ['reason'],
  numberField: 'returnNo',
  checkHeader: linkedDocuments,
};

/**
 * Returns are created and edited with their lines as inbounds and outbounds are (plan.ts); their
 * actions are the declared machine's (src/domain/return-flow.ts), mounted by the engine.
 */
export function returnRoutes(app: FastifyInstance) {
  planRoutes(app, RETURN);
}
