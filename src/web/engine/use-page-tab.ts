import { useNavigation } from '@refinedev/core';
import { useLocation } from 'react-router';
import type { ResourceDef } from '../../domain/resource';
import { closeView, markDirty } from '../layout/tags/tags-store';

/**
 * The tab of a form or detail page, closed once its work is done (a kept-alive create form would
 * otherwise offer the saved record again, and a deleted record's page would answer 404), and
 * marked while its form holds unsaved changes.
 */
export const usePageTab = (def: ResourceDef) => {
  const { pathname } = useLocation();
  const { list } = useNavigation();
  const close = () => closeView(pathname);
  /** Refine's delete button goes to the list on success; an onSuccess of ours replaces that. */
  const closeToList = () => {
    list(def.name);
    close();
  };
  return { close, closeToList, markDirty: (dirty: boolean) => markDirty(pathname, dirty) };
};
