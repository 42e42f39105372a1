import { RedoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { webhooks } from '../../../../resources/webhooks';
import { buttonPermission } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { useQueueDeliveries } from './use-queue-deliveries';

/**
 * "Send again" beside an attempt of an endpoint's delivery log: queues the attempt's delivery
 * (the event, with its webhook-id) to be sent now, on a fresh retry schedule.
 */
const ResendDelivery = ({ record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { busy, queue } = useQueueDeliveries();
  const resend = () => queue(`${webhooks.api}/${record.webhookId}/deliveries/${record.deliveryId}/resend`);
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
