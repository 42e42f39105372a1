import { HistoryOutlined, KeyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Modal, Popconfirm, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonPermission } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { OnceValueDialog } from '../../engine/OnceValueDialog';
import { http } from '../../providers/http';
import { followDeliveryLog } from './follow-delivery-log';

type Range = { from: Dayjs; to?: Dayjs | null };

/**
 * An endpoint's own buttons on its detail page, posting to the webhook routes
 * (src/server/webhooks/routes.ts): rotating the secret, whose answer holds the new one this once
 * (shown like a created endpoint's), and replaying every event since a time, whose deliveries then
 * show in the endpoint's delivery log.
 */
const WebhookActions = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string>();
  const [replaying, setReplaying] = useState(false);
  const [form] = Form.useForm<Range>();

  const rotate = async () => {
    setBusy(true);
    try {
      const answer = await http.post<{ secret: string }>(`${def.api}/${record.id}/rotateSecret`);
      setSecret(answer.secret);
      await queryClient.invalidateQueries();
    } finally {
      setBusy(false);
    }
  };

  const replay = async ({ from, to }: Range) => {
    setBusy(true);
    try {
      const answer = await http.post<{ queued: number }>(`${def.api}/${record.id}/replay`, {
        from: from.toISOString(),
        ...(to ? { to: to.toISOString() } : {}),
      });
      void message.success(t('webhooks.queued', { count: answer.queued }));
      setReplaying(false);
      form.resetFields();
      await queryClient.invalidateQueries();
      void followDeliveryLog(queryClient);
    } finally {
      setBusy(false);
    }
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
          <Button icon={<KeyOutlined />} loading={busy} data-testid="webhook-rotate">
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
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setReplaying(false)}
      >
        <Form form={form} layout="vertical" onFinish={(range) => void replay(range).catch(() => undefined)}>
          <Form.Item
            name="from"
            label={t('webhooks.replayFrom')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
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
