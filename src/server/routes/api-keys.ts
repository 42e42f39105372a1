import type { FastifyInstance } from 'fastify';
import { apiKeys } from '../../../resources/apiKeys';
import { ApiKeyStatus } from '../../domain/api-key';
import { idParams, recordOf, routeSchemas } from '../contract/route-schemas';
import { conflict, notFound } from '../errors';
import { recordId, requestViewer } from '../engine/request';
import { findRecord } from '../engine/records';
import { API_PREFIX } from '../plugins/envelope';
import { audit } from '../workflows/documents';

const revokeSchemas = routeSchemas({
  summary: 'Revoke API key',
  description:
    'The key answers 50008 from the next call on, on every instance. The record stays, revoked, for the audit trail; revoking it again answers 40901.',
  params: idParams,
  answer: recordOf('apiKeys'),
});

/**
 * Revoking keys; the engine lists, reads and creates them (resources/apiKeys.ts, its hook makes the
 * key). Only people manage keys: every route under the resource's path, the engine's included, refuses a key (403).
 */
export function apiKeyRoutes(app: FastifyInstance) {
  const base = `${API_PREFIX}${apiKeys.api}`;
  app.addHook('onRoute', (route) => {
    if (route.url === base || route.url.startsWith(`${base}/`)) route.config = { ...route.config, sessionOnly: true };
  });

  app.delete<{ Params: { id: string } }>(
    `${apiKeys.api}/:id`,
    { ...revokeSchemas, config: { permission: 'system.apiKeys.revoke' } },
    async (request) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      return app.db.transaction(async (tx) => {
        const current = await findRecord(tx, apiKeys, id, viewer, true);
        if (!current) throw notFound();
        if (current.revokedAt) throw conflict('errors.apiKeyRevoked');
        await tx.query(
          'UPDATE api_keys SET revoked_at = $now, version = version + 1, updated_at = now() WHERE id = $1',
          [id],
        );
        await audit(tx, {
          userId: request.user!.id,
          entity: apiKeys.name,
          entityId: id,
          action: 'revoke',
          before: { status: current.status },
          after: { status: ApiKeyStatus.revoked },
        });
        return findRecord(tx, apiKeys, id, viewer);
      });
    },
  );
}
