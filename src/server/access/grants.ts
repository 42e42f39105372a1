import { dataRights } from '../../../resources/rights';
import type { Queryable } from '../db/types';
import type { PolicyStore } from './policy-store';

/**
 * The rights among `wanted` that the granter may not give. A person grants only what they hold
 * themselves (issue 37): a role with users' or roles' edit rights cannot raise itself or anyone
 * else above its own rights, and only a holder of data.allOrganizations grants that. A right no
 * role holds yet (a new release's button, a new workflow's action) has nobody to come from: a
 * holder of data.allOrganizations, the product's own administrator, gives it first. `tx` is the
 * caller's transaction, where the policy's lines are read.
 */
export async function rightsBeyond(policy: PolicyStore, wanted: string[], granterRoles: string[], tx: Queryable) {
  const held = new Set((await policy.resourcesOf(granterRoles)).map((r) => r.name));
  const beyond = wanted.filter((object) => !held.has(object));
  if (!beyond.length || !held.has(dataRights.allOrganizations)) return beyond;
  const granted = new Set((await policy.lines(tx)).filter((l) => l.ptype === 'p').map((l) => l.values[1]));
  return beyond.filter((object) => granted.has(object));
}

/** The rights the roles hold, by name. */
export const rightsOf = async (policy: PolicyStore, roles: string[]) =>
  (await policy.resourcesOf(roles)).map((r) => r.name);
