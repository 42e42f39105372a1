import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/webhooks.json';
import { resource } from './names';

/**
 * Endpoints that hear of changes as signed Standard Webhooks (issue 26), under System: an
 * organization's, or a staff one (no organization) that hears every organization's events. The
 * engine lists, reads, creates (the hook makes the secret, answered this once: onceOnCreate),
 * edits and deletes them; rotating the secret, sending again and replaying are
 * src/server/webhooks/routes.ts. The secrets are columns no schema names, so no read carries them.
 */
export const webhooks = resource({
  name: 'webhooks',
  area: 'system',
  schema: schema as EntitySchema,
  menu: { icon: 'ExportOutlined', order: 2 },
  search: ['url'],
  // What fits 1440 px beside the row buttons; who made it and when wait in the column picker.
  columns: ['url', 'organizationId', 'events', 'enabled', 'disabledReason', 'failingSince'],
  sort: '-id',
  label: 'url',
  actions: ['create', 'edit', 'delete'],
  tenant: 'organizationId',
  onceOnCreate: 'secret',
  relations: { deliveries: { resource: 'webhookAttempts', foreignKey: 'webhookId' } },
});
