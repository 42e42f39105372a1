import type { FastifyInstance } from 'fastify';
import { planRoutes, type DocumentKind } from './plan';

export const OUTBOUND: DocumentKind = {
  resource: 'outbounds',
  lines: 'outboundLines',
  foreignKey: 'outboundId',
  prefix: 'OUT',
};

/**
 * Outbound documents (DESIGN 5, 6) are created and edited with their lines here; their actions
 * (submit reserves, confirm takes lots first in first out, withdraw and cancel release) are the
 * declared state machine's, mounted by the engine with their effects (workflows/effects/outbound.ts).
 */
export function outboundRoutes(app: FastifyInstance) {
  planRoutes(app, OUTBOUND);
}
