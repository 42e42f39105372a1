import { useQuery } from '@tanstack/react-query';
import { guardedFields } from '../../domain/field-rights';
import type { ResourceDef } from '../../domain/resource';
import { allowed } from '../providers/access-control';
import { currentUser } from '../providers/session';

const NONE: ReadonlySet<string> = new Set();

/**
 * The fields of a resource the signed-in user may not read (`x-right`): the server answers them
 * null, so a list or a detail page leaves them out rather than show an empty column whose header
 * would sort by what the server refuses to sort by. Until the answer is known, every guarded
 * field counts as withheld: a blind counter never sees the column flash.
 */
export const useWithheldFields = (def: ResourceDef): ReadonlySet<string> => {
  const guarded = guardedFields(def);
  const { data } = useQuery({
    queryKey: ['withheld', currentUser()?.id, def.name],
    queryFn: async () => {
      const held = await Promise.all(guarded.map(([, right]) => allowed(right)));
      return new Set(guarded.filter((_, i) => !held[i]).map(([field]) => field));
    },
    enabled: guarded.length > 0,
    staleTime: 0,
    gcTime: 60_000,
  });
  if (!guarded.length) return NONE;
  return data ?? new Set(guarded.map(([field]) => field));
};
