import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../../engine/use-busy';
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
  const { busy, run } = useBusy();
  const queue = (path: string, body?: unknown) =>
    run(async () => {
      const answer = await http.post<{ queued: number }>(path, body);
      void message.success(t('webhooks.queued', { count: answer.queued }));
      await queryClient.invalidateQueries();
      void followDeliveryLog(queryClient);
    });
  return { busy, queue };
};
