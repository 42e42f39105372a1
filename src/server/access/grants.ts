import type { PolicyStore } from './policy-store';

/**
 * The rights among `wanted` that the granter's roles do not hold. A person grants only what they
 * hold themselves (issue 37): a role with users' or roles' edit rights cannot raise itself or
 * anyone else above its own rights, and only a holder of data.allOrganizations grants that.
 */
export async function rightsBeyond(policy: PolicyStore, wanted: string[], granterRoles: string[]) {
  const held = new Set((await policy.resourcesOf(granterRoles)).map((r) => r.name));
  return wanted.filter((object) => !held.has(object));
}

/** The rights the roles hold, by name. */
export const rightsOf = async (policy: PolicyStore, roles: string[]) =>
  (await policy.resourcesOf(roles)).map((r) => r.name);
