import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/auditLogs.json';
import { resource } from './names';

/**
 * The audit trail (who, when, what, from, to) of every state transition and every record, user,
 * role and policy change, and the API key a call was made with; written by the server only, read
 * by admins under Permissions.
 */
export const auditLogs = resource({
  name: 'auditLogs',
  area: 'permissions',
  table: 'audit_log',
  schema: schema as EntitySchema,
  menu: { icon: 'AuditOutlined', order: 3 },
  search: ['entity', 'action', 'entityId'],
  columns: ['at', 'userId', 'apiKeyId', 'entity', 'entityId', 'action'],
  sort: '-id',
  label: 'action',
  actions: ['export'],
});
