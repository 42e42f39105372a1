import type { AccessControlProvider } from '@refinedev/core';
import type { Enforcer } from 'casbin';
import { resourceByName } from '../../../resources';
import { menuGroups } from '../../../resources/menu';
import { pageByName } from '../../../resources/pages';
import { GROUP_PREFIX, groupResourceName } from '../refine-resources';
import { currentUser, loadUserInfo, onSessionChange, type UserInfo } from './session';

/**
 * Page and button access (SPEC 6, DESIGN 4). The browser never reads the policy CSV: the rules
 * are the resources getInfo returned, loaded into a Casbin enforcer (same model file as the
 * server) as grants to one synthetic subject. Built once per session, dropped on logout.
 */
const SUBJECT = 'session';
let enforcer: Promise<Enforcer> | undefined;

onSessionChange(() => {
  enforcer = undefined;
});

const build = async (user: UserInfo) => {
  const { enforcerOf } = await import('./enforcer');
  return enforcerOf(user.resources.map((r) => ({ ptype: 'p', values: [SUBJECT, r.name, String(r.type)] })));
};

const getEnforcer = async () => {
  const user = currentUser() ?? (await loadUserInfo());
  enforcer ??= build(user);
  return enforcer;
};

/** Refine resource + action -> policy object. Reading is the page resource; writes are buttons. */
export const policyObject = (resource: string | undefined, action: string): string | undefined => {
  if (!resource) return undefined;
  const def = resourceByName(resource);
  if (def) {
    if (action === 'list' || action === 'show') return def.permission;
    return `${def.permission}.${action === 'clone' ? 'create' : action}`;
  }
  const group = resource.startsWith(GROUP_PREFIX)
    ? menuGroups.find((g) => groupResourceName(g.name) === resource)
    : undefined;
  if (group) return group.permission;
  return pageByName(resource)?.permission;
};

export const can = async (resource: string | undefined, action: string) => allowed(policyObject(resource, action));

/** Whether the session holds a policy object itself (`organizations.export`): permission tags. */
export const allowed = async (obj: string | undefined) => {
  if (!obj) return false;
  try {
    return await (await getEnforcer()).enforce(SUBJECT, obj);
  } catch (err) {
    console.error('access control', err);
    return false;
  }
};

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => ({ can: await can(resource, action) }),
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // Answers depend on the session, which the query cache does not know: never reuse them across users.
    queryOptions: { staleTime: 0, gcTime: 60_000 },
  },
};
