import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/apiKeys.json';
import { resource } from './names';

/**
 * Keys a customer's system calls the API with (issue 26), per organization under System. The
 * engine lists, reads and creates them (the hook makes the key, answered this once: only its hash
 * is kept, src/server/hooks/api-keys.ts); revoking one (`DELETE`, the row stays for the audit trail)
 * is src/server/routes/api-keys.ts.
 */
export const apiKeys = resource({
  name: 'apiKeys',
  area: 'system',
  table: 'api_keys',
  schema: schema as EntitySchema,
  menu: { icon: 'KeyOutlined', order: 1 },
  search: ['name', 'prefix'],
  columns: ['name', 'organizationId', 'prefix', 'role', 'status', 'expiresAt', 'lastUsedAt'],
  sort: '-id',
  label: 'name',
  actions: ['create'],
  workflow: { actions: ['revoke'] },
  tenant: 'organizationId',
  onceOnCreate: 'key',
});
