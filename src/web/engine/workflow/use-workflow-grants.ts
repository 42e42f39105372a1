import { useQuery } from '@tanstack/react-query';
import { buttonPermission, type ResourceDef } from '../../../domain/resource';
import { allowed } from '../../providers/access-control';
import { currentUser } from '../../providers/session';
import { rightsAsked } from './visible-actions';

const NONE: ReadonlySet<string> = new Set();

/**
 * Which of a resource's workflow actions the signed-in user holds, asked once per page or list
 * rather than by each button: the policy decides per resource and action, never per record (DESIGN 4).
 */
export const useWorkflowGrants = (def: ResourceDef): ReadonlySet<string> => {
  const machine = def.workflow?.machine;
  const { data } = useQuery({
    // The user id is in the key, as for every permission tag: a role change shows after the next sign-in.
    // And the actions asked: an admin's added action is asked anew (issue 40).
    queryKey: ['authorized', currentUser()?.id, 'workflow', def.name, machine && rightsAsked(machine).join()],
    enabled: !!machine,
    queryFn: async () => {
      const names = rightsAsked(machine!);
      const answers = await Promise.all(names.map((name) => allowed(buttonPermission(def, name))));
      return new Set(names.filter((_, i) => answers[i]));
    },
    staleTime: 0,
    gcTime: 60_000,
  });
  return data ?? NONE;
};
