import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/webhookAttempts.json';
import { resource } from './names';

/**
 * The delivery log: every attempt to send an event to an endpoint, with its answer's status, time
 * and first 2 KB, written by the dispatcher only; read as an endpoint's deliveries
 * (`GET /system/webhooks/{id}/deliveries`).
 */
export const webhookAttempts = resource({
  name: 'webhookAttempts',
  area: 'system',
  table: 'webhook_attempts',
  schema: schema as EntitySchema,
  search: ['eventType', 'messageId'],
  columns: ['sentAt', 'eventType', 'messageId', 'attempt', 'statusCode', 'durationMs', 'error'],
  sort: '-id',
  label: 'messageId',
  actions: [],
  tenant: 'organizationId',
});
