import { useGo } from '@refinedev/core';
import { resourceByName } from '../../../resources';
import { screenPaths } from '../../domain/resource';
import { usePermittedMenu } from '../layout/sidebar/use-permitted-menu';

/**
 * The path of a resource's list filtered to what a figure counted, in the form the list's
 * syncWithLocation reads back (Refine's go writes it); undefined where the user may not open it.
 */
export const useListLink = () => {
  const go = useGo();
  const { leaves } = usePermittedMenu();
  const permitted = new Set(leaves.map((item) => item.name));
  const canList = (resource: string) => permitted.has(resource);
  const linkTo = (resource: string, filters: Record<string, string | number | undefined> = {}) => {
    if (!canList(resource)) return undefined;
    const set = Object.entries(filters).filter(([, v]) => v !== undefined);
    const query = set.length ? { filters: set.map(([field, value]) => ({ field, operator: 'eq', value })) } : undefined;
    return go({ to: screenPaths(resourceByName(resource)!).list, query, type: 'path' }) as string;
  };
  return { canList, linkTo };
};
