import type { FastifyInstance } from 'fastify';
import { planRoutes, type DocumentKind } from './plan';

export const INBOUND: DocumentKind = {
  resource: 'inbounds',
  lines: 'inboundLines',
  foreignKey: 'inboundId',
  prefix: 'IN',
};

/**
 * Inbound documents (DESIGN 5) are created and edited with their lines here; their actions (submit,
 * withdraw, confirm, cancel, pod) are the declared state machine's, mounted by the engine.
 */
export function inboundRoutes(app: FastifyInstance) {
  planRoutes(app, INBOUND);
}
