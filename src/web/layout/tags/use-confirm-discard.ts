import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { routeMeta } from '../route-meta';
import type { View } from './tags-store';

/**
 * Runs `proceed` at once when none of `views` holds unsaved changes; otherwise asks first, naming
 * the pages whose changes would be lost (closing tabs, refreshing one, logging out).
 */
export const useConfirmDiscard = () => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (views: View[], proceed: () => void) => {
    const unsaved = views.filter((v) => v.dirty);
    if (!unsaved.length) return proceed();
    modal.confirm({
      title: t('layout.tags.discardTitle'),
      content: unsaved.map((v) => t(routeMeta(v.path)?.titleKey ?? v.path)).join(', '),
      okText: t('layout.tags.discard'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      onOk: proceed,
    });
  };
};
