import type { LiveEvent } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code } from '../../domain/codes';
import type { ApiError } from '../providers/http';

/** 40901: someone saved the record first. */
export const isStale = (err: unknown) => (err as ApiError | undefined)?.code === Code.conflict;

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

/**
 * A live event (issue 26) saying the record open in a form was changed elsewhere: who did it, for
 * the form's "changed by X, reload?" before a save would meet the stale version.
 */
export const changedElsewhere = (event: LiveEvent, id: string | undefined): LiveEvent['payload']['by'] | undefined => {
  if (id === undefined || event.type === 'created') return undefined;
  const ids = (event.payload.ids ?? []).map(String);
  if (!ids.includes(id) && !event.payload.more) return undefined;
  return event.payload.by ?? null;
};
