import { resourceByName } from '../../../resources/index';
import { dataRights } from '../../../resources/rights';
import type { PolicyStore } from '../access/policy-store';
import type { ResourceDef } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { column, table } from './sql';

/**
 * Which organizations' rows a user may touch: all of them (a role granted data.allOrganizations)
 * or a list (own + managed).
 * `customer`: a user of a customer organization (a shipper), who sees only what `customerWhere` allows.
 */
export type Viewer = (
  { userId: number; all: true } | { userId: number; all: false; organizationIds: number[]; customer?: boolean }
) & {
  /** The field rights (x-right) the caller does not hold, as policy objects: those fields read as null. */
  withheld?: ReadonlySet<string>;
};

type ViewerUser = { id: number; roles: string[]; organizationId: number | null; apiKeyId?: number };

/**
 * Own and managed organizations per signed-in user object: the session cache
 * (auth/session-cache.ts) hands the same object to each request of a session and a new one after
 * any change to users or managed organizations.
 */
const viewers = new WeakMap<ViewerUser, Promise<Viewer>>();

/**
 * A role granted data.allOrganizations sees everything; anyone else their own organization plus
 * the ones they manage (DESIGN 4); an API key its organization alone. The right is asked of the
 * live policy on every request, as every other right is, so a role edit takes effect at once
 * without forgetting sessions.
 */
export async function viewerOf(q: Queryable, policy: Pick<PolicyStore, 'allows'>, user: ViewerUser): Promise<Viewer> {
  // An API key is its organization's, whatever its role grants or its creator manages.
  if (user.apiKeyId && user.organizationId)
    return { userId: user.id, all: false, organizationIds: [user.organizationId], customer: true };
  if (await policy.allows(user.roles, dataRights.allOrganizations)) return { userId: user.id, all: true };
  let viewer = viewers.get(user);
  if (!viewer) {
    viewer = ownAndManaged(q, user);
    viewers.set(user, viewer);
    viewer.catch(() => viewers.delete(user));
  }
  return viewer;
}

async function ownAndManaged(q: Queryable, user: ViewerUser): Promise<Viewer> {
  const managed = await q.query<{ organization_id: number }>(
    'SELECT organization_id FROM user_organizations WHERE user_id = $1',
    [user.id],
  );
  const ids = new Set(managed.map((m) => m.organization_id));
  if (user.organizationId) ids.add(user.organizationId);
  return { userId: user.id, all: false, organizationIds: [...ids], customer: Boolean(user.organizationId) };
}

export type Bind = (value: unknown) => string;

/**
 * `conditions` and what else keeps `r`'s rows (as `t`) to what the viewer may see: its scope and
 * the resource's own condition. The same list, added to.
 */
export function visibleConditions(r: ResourceDef, viewer: Viewer, bind: Bind, conditions: string[]): string[] {
  const scope = scopeCondition(r, viewer, 't', bind);
  if (scope) conditions.push(scope);
  if (r.where) conditions.push(`(${r.where})`);
  return conditions;
}

/**
 * The SQL condition that keeps a resource's rows to the viewer's organizations, directly through
 * its tenant column or through its parent's; undefined when nothing needs hiding.
 */
export function scopeCondition(r: ResourceDef, viewer: Viewer, alias: string, bind: Bind): string | undefined {
  if (viewer.all) return undefined;
  if (r.customerWhere && viewer.customer) {
    const own = scopeCondition({ ...r, customerWhere: undefined }, viewer, alias, bind);
    const narrowed = `(${r.customerWhere.replace(/\bt\./g, `${alias}.`)})`;
    return own ? `${own} AND ${narrowed}` : narrowed;
  }
  if (r.tenant) {
    const ids = viewer.organizationIds;
    // One organization (every shipper) as a plain equality: the planner then walks the
    // (tenant, sort) index in order, which it cannot do for `= ANY(array)`.
    if (ids.length === 1) return `${alias}.${column(r.tenant)} = ${bind(ids[0])}::int`;
    return `${alias}.${column(r.tenant)} = ANY(${bind(ids)}::int[])`;
  }
  if (r.parent) {
    const parent = resourceByName(r.parent.resource)!;
    const parentAlias = `${alias}p`;
    const inner = scopeCondition(parent, viewer, parentAlias, bind);
    if (!inner) return undefined;
    return `EXISTS (SELECT 1 FROM ${table(parent)} ${parentAlias} WHERE ${parentAlias}.id = ${alias}.${column(r.parent.foreignKey)} AND ${inner})`;
  }
  return undefined;
}

export const isScoped = (r: ResourceDef): boolean =>
  Boolean(r.tenant || (r.parent && isScoped(resourceByName(r.parent.resource)!)));
