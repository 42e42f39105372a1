import { useNavigation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const close = () => closeView(pathname);
  /** Refine's delete button goes to the list on success; an onSuccess of ours replaces that. */
  const closeToList = () => {
    list(def.name);
    close();
  };
  /** The page's delete button: it asks first, and the deleted record's tab goes with it. */
  const deleteButtonProps = {
    confirmTitle: t('buttons.deleteConfirm'),
    confirmOkText: t('buttons.delete'),
    confirmCancelText: t('buttons.cancel'),
    onSuccess: closeToList,
  };
  return { close, closeToList, deleteButtonProps, markDirty: (dirty: boolean) => markDirty(pathname, dirty) };
};
