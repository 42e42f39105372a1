import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../providers/http';

/** 409 / 40901: someone saved the record first. */
export const isStale = (err: unknown) => (err as ApiError | undefined)?.statusCode === 409;

/**
 * A stale save (the record's version moved on): the server's message with an offer to reload the
 * record, dropping the user's unsaved changes only if they say so.
 */
export const useStaleReload = () => {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return (err: unknown, reload: () => unknown) => {
    if (!isStale(err)) return;
    modal.confirm({
      title: t('engine.stale.title'),
      content: (err as ApiError).message,
      okText: t('engine.stale.reload'),
      cancelText: t('buttons.cancel'),
      onOk: reload,
    });
  };
};
