import { RedoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webhooks } from '../../../../resources/webhooks';
import { buttonPermission } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { http } from '../../providers/http';
import { followDeliveryLog } from './follow-delivery-log';

/**
 * "Send again" beside an attempt of an endpoint's delivery log: queues the attempt's delivery
 * (the event, with its webhook-id) to be sent now, on a fresh retry schedule.
 */
const ResendDelivery = ({ record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const answer = await http.post<{ queued: number }>(
        `${webhooks.api}/${record.webhookId}/deliveries/${record.deliveryId}/resend`,
      );
      void message.success(t('webhooks.queued', { count: answer.queued }));
      await queryClient.invalidateQueries();
      void followDeliveryLog(queryClient);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Authorized permission={buttonPermission(webhooks, 'edit')}>
      <Button
        size="small"
        icon={<RedoOutlined />}
        loading={busy}
        title={t('webhooks.actions.resend')}
        onClick={() => void resend().catch(() => undefined)}
        data-testid="webhook-resend"
      />
    </Authorized>
  );
};

export default ResendDelivery;
