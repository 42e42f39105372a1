import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../providers/http';
import { followDeliveryLog } from './follow-delivery-log';

/**
 * Deliveries queued from a screen ("Send again", "Replay"): the post to its webhook route, the
 * count it queued said to the user, and the delivery log followed until their attempts are in it.
 * `busy` while the post is under way.
 */
export const useQueueDeliveries = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const queue = async (path: string, body?: unknown) => {
    setBusy(true);
    try {
      const answer = await http.post<{ queued: number }>(path, body);
      void message.success(t('webhooks.queued', { count: answer.queued }));
      await queryClient.invalidateQueries();
      void followDeliveryLog(queryClient);
    } finally {
      setBusy(false);
    }
  };
  return { busy, queue };
};
