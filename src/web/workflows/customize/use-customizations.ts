import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { reloadCustomizations } from '../../customize-runtime';
import { CUSTOMIZATIONS_KEY, fetchCustomizations, VERSIONS_KEY } from './customizations';

/** The customizations in force, as the page shows them. */
export const useCustomizations = () => useQuery({ queryKey: CUSTOMIZATIONS_KEY, queryFn: fetchCustomizations });

/**
 * After an apply or a return: says so, has every screen install the new shape (the runtime) and
 * reads this page's overlay and versions again.
 */
export function useChanged() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async (done: 'applied' | 'restored') => {
    void message.success(t(`customize.${done}`));
    await Promise.all([
      reloadCustomizations(),
      queryClient.invalidateQueries({ queryKey: CUSTOMIZATIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: VERSIONS_KEY }),
    ]);
  };
}
