import type { EntitySchema, ResourceDef } from '../src/domain/resource';
import schema from '../schemas/webhookAttempts.json';

/**
 * The delivery log: every attempt to send an event to an endpoint, with its answer's status, time
 * and first 2 KB, written by the dispatcher only; read as an endpoint's deliveries
 * (`GET /system/webhooks/{id}/deliveries`).
 */
export const webhookAttempts: ResourceDef = {
  name: 'webhookAttempts',
  permission: 'system.webhooks',
  api: '/system/webhookAttempts',
  table: 'webhook_attempts',
  schema: schema as EntitySchema,
  routes: { base: '/system/webhookAttempts' },
  search: ['eventType', 'messageId'],
  columns: ['attemptedAt', 'eventType', 'messageId', 'attempt', 'statusCode', 'durationMs', 'error'],
  sort: '-id',
  label: 'messageId',
  actions: [],
  tenant: 'organizationId',
};
