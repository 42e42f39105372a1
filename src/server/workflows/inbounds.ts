import type { FastifyInstance } from 'fastify';
import { planRoutes } from './plan';

/**
 * Inbound documents (DESIGN 5) are created and edited with their lines here; their actions (submit,
 * withdraw, confirm, cancel, pod) are the declared state machine's, mounted by the engine.
 */
export function inboundRoutes(app: FastifyInstance) {
  planRoutes(app, { resource: 'inbounds', lines: 'inboundLines', foreignKey: 'inboundId', prefix: 'IN' });
}
