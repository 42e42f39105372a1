import { resourceByName } from '../../../resources/index';
import type { ResourceDef } from '../../domain/resource';

/**
 * The parent a co-located child takes its organization from (README "Distribution by
 * organization"): a child without a tenant field of its own whose parent key is not the
 * organization itself, e.g. inbound lines from their inbound, goods from their container.
 */
export function organizationParent(r: ResourceDef): { resource: ResourceDef; foreignKey: string } | undefined {
  if (r.tenant || !r.parent || r.parent.foreignKey === 'organizationId') return undefined;
  const resource = resourceByName(r.parent.resource);
  if (!resource) throw new Error(`${r.name}: parent ${r.parent.resource} is not a resource`);
  return { resource, foreignKey: r.parent.foreignKey };
}
