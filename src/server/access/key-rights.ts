import { resources as declared } from '../../../resources/index';
import { menuGroups } from '../../../resources/menu';
import { dataRights } from '../../../resources/rights';
import { buttonActions, buttonPermission, type ResourceDef } from '../../domain/resource';
import { isScoped } from '../engine/scope';

/** Areas whose every page governs people and rights across the whole product: users, roles, the audit trail. */
const SYSTEM_WIDE_AREAS = new Set(['permissions']);
/** Resources of an organization that still mint access (a key making keys would outlive its revocation). */
const MINTING = new Set(['apiKeys']);
/** An organization is its own tenant: making or deleting one is by definition another organization's business. */
const ORGANIZATION_LIFE = ['create', 'delete'];

/**
 * The rights no API key ever holds, whatever its role (issue 37): a key stands for one organization,
 * so anything whose effect reaches past it is out. Derived from the declarations, so a resource
 * added later is judged by the same rule instead of a list someone must remember:
 * - every data right (data.allOrganizations is the whole product);
 * - every page and button of the permissions area (users, roles, audit of everyone) and of keys;
 * - every button of a resource that belongs to no organization (countries, ports, warehouses,
 *   partners, categories: shared by every customer), while reading them stays open for lookups;
 * - making and deleting organizations.
 */
export function beyondOneOrganization(resources: ResourceDef[] = declared): Set<string> {
  const barred = new Set<string>(Object.values(dataRights));
  const all = (r: ResourceDef) => [r.permission, ...buttonActions(r).map((a) => buttonPermission(r, a))];
  for (const g of menuGroups) if (SYSTEM_WIDE_AREAS.has(g.name)) barred.add(g.permission);
  for (const r of resources) {
    if ((r.area && SYSTEM_WIDE_AREAS.has(r.area)) || MINTING.has(r.name)) all(r).forEach((o) => barred.add(o));
    else if (!isScoped(r)) buttonActions(r).forEach((a) => barred.add(buttonPermission(r, a)));
    else if (r.tenant === 'id') ORGANIZATION_LIFE.forEach((a) => barred.add(buttonPermission(r, a)));
  }
  return barred;
}

const barred = beyondOneOrganization();

/** Whether a key may ever be granted the object (the key's role may still lack it). */
export const keyMayHold = (object: string) => !barred.has(object);

/** What a caller may be refused for beyond their roles: a key is held to its organization. */
export interface Caller {
  roles: string[];
  apiKeyId?: number;
}

/** True when the caller holds the object: a person by their roles, a key by its role within one organization. */
export async function callerMay(
  policy: { allows(roles: string[], object: string): Promise<boolean> },
  caller: Caller,
  object: string,
) {
  if (caller.apiKeyId !== undefined && !keyMayHold(object)) return false;
  return policy.allows(caller.roles, object);
}
