import type { FastifyInstance, FastifyRequest } from 'fastify';
import { webhooks } from '../../../resources/webhooks';
import { DeliveryStatus } from '../../domain/webhooks';
import { idParams, int, obj, recordOf, routeSchemas, str } from '../contract/route-schemas';
import type { Queryable } from '../db/types';
import { recordId, requestViewer } from '../engine/request';
import { findRecord, type Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { conflict, notFound, validationError } from '../errors';
import { audit } from '../workflows/documents';
import { ENDPOINT_WANTS, makeDeliveries } from './fan-out';
import type { WebhookDispatcher } from './dispatcher';
import { newSecret } from './sign';

type IdParams = { Params: { id: string } };

const withSecret = (summary: string, description: string) =>
  obj(
    {
      ...((recordOf('webhooks').properties ?? {}) as Rec),
      secret: str(
        'The signing secret (`whsec_...`), answered this once and never again: verify deliveries with it (Standard Webhooks).',
      ),
    },
    ['id', 'secret'],
    `${summary}. ${description}`,
  );

const rotateSchemas = routeSchemas({
  summary: 'Rotate webhook secret',
  description:
    'A new secret, answered this once in `secret`; for one day deliveries carry a signature by the old secret too, so receivers switch without losing any.',
  params: idParams,
  answer: withSecret('The endpoint', 'With its new secret'),
});

const queued = obj({ queued: int('Deliveries queued to be sent (again).') }, ['queued']);

const resendSchemas = routeSchemas({
  summary: 'Send a delivery again',
  description:
    'Queues the delivery (an event this endpoint was sent, `deliveryId` of its log) to be sent again now, with its webhook-id, and a fresh retry schedule. A switched-off endpoint answers 40901.',
  params: obj({ id: int(), deliveryId: int() }, ['id', 'deliveryId']),
  answer: queued,
});

const replaySchemas = routeSchemas({
  summary: 'Replay events of a time range',
  description:
    'Queues every event from `from` up to `to` (now when left out) that this endpoint wants and may hear of, sent before or not; events are kept for the retention (WEBHOOK_RETENTION_DAYS, 30 days by default), so a range before it queues nothing. A switched-off endpoint answers 40901; `from` after `to` 40001.',
  params: idParams,
  body: obj(
    {
      from: { type: 'string', format: 'date-time', description: 'An instant with its offset (RFC 3339).' },
      to: {
        type: 'string',
        format: 'date-time',
        description: 'An instant with its offset (RFC 3339); now when left out.',
      },
    },
    ['from'],
  ),
  answer: queued,
  checkedBy: 'schema',
});

/**
 * Webhooks beyond the engine's routes (resources/webhooks.ts; its create answers the secret once
 * through the hook, src/server/hooks/webhooks.ts): rotating the secret, sending a delivery again and
 * replaying a range, each waking the dispatcher the app runs.
 */
export function webhookRoutes(app: FastifyInstance, dispatcher: WebhookDispatcher) {
  const edit = { config: { permission: 'system.webhooks.edit' } };

  /** The endpoint the viewer may see, locked; 404 otherwise, and 40901 when it is switched off and `enabled` is asked. */
  const endpoint = async (tx: Queryable, request: FastifyRequest<IdParams>, viewer: Viewer, enabled = false) => {
    const found = await findRecord(tx, webhooks, recordId(request.params.id), viewer, true);
    if (!found) throw notFound();
    if (enabled && !found.enabled) throw conflict('errors.webhookDisabled');
    return found;
  };

  app.post<IdParams>(`${webhooks.api}/:id/rotateSecret`, { ...rotateSchemas, ...edit }, async (request) => {
    const viewer = await requestViewer(app, request);
    return app.db.transaction(async (tx) => {
      const current = await endpoint(tx, request, viewer);
      const secret = newSecret();
      await tx.query(
        `UPDATE webhooks SET previous_secret = secret, secret = $2, rotated_at = $now, version = version + 1,
                updated_at = now() WHERE id = $1`,
        [current.id, secret],
      );
      await audit(tx, {
        userId: viewer.userId,
        entity: webhooks.name,
        entityId: current.id as number,
        action: 'rotateSecret',
      });
      return { ...(await findRecord(tx, webhooks, current.id as number, viewer)), secret };
    });
  });

  app.post<{ Params: { id: string; deliveryId: string } }>(
    `${webhooks.api}/:id/deliveries/:deliveryId/resend`,
    { ...resendSchemas, ...edit },
    async (request) => {
      const viewer = await requestViewer(app, request);
      const deliveryId = recordId(request.params.deliveryId);
      const answer = await app.db.transaction(async (tx) => {
        const current = await endpoint(tx, request, viewer, true);
        const resent = await tx.query(
          `UPDATE webhook_deliveries SET status = ${DeliveryStatus.pending}, attempts = 0, next_at = $now
            WHERE id = $1 AND webhook_id = $2 RETURNING id`,
          [deliveryId, current.id],
        );
        if (!resent.length) throw notFound();
        await audit(tx, {
          userId: viewer.userId,
          entity: webhooks.name,
          entityId: current.id as number,
          action: 'resend',
          after: { deliveryId },
        });
        return { queued: 1 };
      });
      dispatcher.wake();
      return answer;
    },
  );

  app.post<IdParams>(`${webhooks.api}/:id/replay`, { ...replaySchemas, ...edit }, async (request) => {
    const viewer = await requestViewer(app, request);
    const body = request.body as Rec;
    const to = (body.to as string | undefined) ?? app.clock().toISOString();
    if (Date.parse(body.from as string) > Date.parse(to))
      throw validationError([{ field: 'from', key: 'validation.replayRange' }]);
    const answer = await app.db.transaction(async (tx) => {
      const current = await endpoint(tx, request, viewer, true);
      // Every event of the range the endpoint wants, by the fan-out's own rule; one sent before goes again.
      const queued = await makeDeliveries(tx, app.policy, {
        from: `webhooks w JOIN outbox o
                 ON o.created_at >= $2::timestamptz AND o.created_at <= $3::timestamptz AND ${ENDPOINT_WANTS}
               WHERE w.id = $1`,
        params: [current.id, body.from, to],
        onConflict: `DO UPDATE SET status = ${DeliveryStatus.pending}, attempts = 0, next_at = EXCLUDED.next_at`,
      });
      await audit(tx, {
        userId: viewer.userId,
        entity: webhooks.name,
        entityId: current.id as number,
        action: 'replay',
        after: { from: body.from, to, queued },
      });
      return { queued };
    });
    dispatcher.wake();
    return answer;
  });
}
