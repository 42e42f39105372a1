import { useQuery } from '@tanstack/react-query';
import { resourceByName } from '../../../resources';
import type { Relation, ResourceDef } from '../../domain/resource';
import { can } from '../providers/access-control';
import { currentUser } from '../providers/session';

export interface VisibleRelation {
  key: string;
  relation: Relation;
  child: ResourceDef;
}

/**
 * The related lists of a resource the user may see: declared ones whose child resource exists
 * and whose page resource the user holds (an editor without products sees no Products tab).
 */
export const useRelations = (def: ResourceDef): VisibleRelation[] => {
  const declared = Object.entries(def.relations ?? {}).flatMap(([key, relation]) => {
    const child = resourceByName(relation.resource);
    // A relation read whole is its record's own panel (a bill's lines), not a sub-list.
    return child && !relation.whole ? [{ key, relation, child }] : [];
  });
  const { data } = useQuery({
    queryKey: ['relations', currentUser()?.id, def.name],
    queryFn: async () => Promise.all(declared.map((r) => can(r.child.name, 'list'))),
    staleTime: 0,
  });
  return data ? declared.filter((_, i) => data[i]) : [];
};
