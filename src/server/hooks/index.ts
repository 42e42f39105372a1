import type { ResourceHooks } from '../engine/hooks';
import { organizationsHooks } from './organizations';
import { rolesHooks } from './roles';
import { skusHooks } from './skus';
import { usersHooks } from './users';

/** Server-side hooks by resource name; resources without an entry are plain CRUD. */
export const hooksByResource: Record<string, ResourceHooks> = {
  organizations: organizationsHooks,
  roles: rolesHooks,
  skus: skusHooks,
  users: usersHooks,
};
