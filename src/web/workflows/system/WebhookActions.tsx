import { HistoryOutlined, KeyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Modal, Popconfirm, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonPermission } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { OnceValueDialog } from '../../engine/OnceValueDialog';
import { useBusy } from '../../engine/use-busy';
import { http } from '../../providers/http';
import { useQueueDeliveries } from './use-queue-deliveries';
import { useRequiredRule } from '../../engine/use-required-rule';

type Range = { from: Dayjs; to?: Dayjs | null };

/**
 * An endpoint's own buttons on its detail page, posting to the webhook routes
 * (src/server/webhooks/routes.ts): rotating the secret, whose answer holds the new one this once
 * (shown like a created endpoint's), and replaying every event since a time, whose deliveries then
 * show in the endpoint's delivery log.
 */
const WebhookActions = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const required = useRequiredRule();
  const queryClient = useQueryClient();
  const rotating = useBusy();
  const deliveries = useQueueDeliveries();
  const [secret, setSecret] = useState<string>();
  const [replaying, setReplaying] = useState(false);
  const [form] = Form.useForm<Range>();

  const rotate = () =>
    rotating.run(async () => {
      const answer = await http.post<{ secret: string }>(`${def.api}/${record.id}/rotateSecret`);
      setSecret(answer.secret);
      await queryClient.invalidateQueries();
    });

  const replay = async ({ from, to }: Range) => {
    await deliveries.queue(`${def.api}/${record.id}/replay`, {
      from: from.toISOString(),
      ...(to ? { to: to.toISOString() } : {}),
    });
    setReplaying(false);
    form.resetFields();
  };

  return (
    <Authorized permission={buttonPermission(def, 'edit')}>
      <Space style={{ marginTop: 16 }}>
        <Popconfirm
          title={t('webhooks.rotateConfirm')}
          okText={t('webhooks.actions.rotateSecret')}
          cancelText={t('buttons.cancel')}
          onConfirm={() => rotate().catch(() => undefined)}
        >
          <Button icon={<KeyOutlined />} loading={rotating.busy} data-testid="webhook-rotate">
            {t('webhooks.actions.rotateSecret')}
          </Button>
        </Popconfirm>
        <Button
          icon={<HistoryOutlined />}
          disabled={!record.enabled}
          onClick={() => setReplaying(true)}
          data-testid="webhook-replay"
        >
          {t('webhooks.actions.replay')}
        </Button>
      </Space>
      {secret && <OnceValueDialog def={def} value={secret} onClose={() => setSecret(undefined)} />}
      <Modal
        open={replaying}
        title={t('webhooks.actions.replay')}
        okText={t('webhooks.actions.replay')}
        cancelText={t('buttons.cancel')}
        confirmLoading={deliveries.busy}
        onOk={() => form.submit()}
        onCancel={() => setReplaying(false)}
      >
        <Form form={form} layout="vertical" onFinish={(range) => void replay(range).catch(() => undefined)}>
          <Form.Item name="from" label={t('webhooks.replayFrom')} rules={required}>
            <DatePicker showTime data-testid="replay-from" />
          </Form.Item>
          <Form.Item name="to" label={t('webhooks.replayTo')} extra={t('webhooks.replayToHint')}>
            <DatePicker showTime data-testid="replay-to" />
          </Form.Item>
        </Form>
      </Modal>
    </Authorized>
  );
};

export default WebhookActions;
