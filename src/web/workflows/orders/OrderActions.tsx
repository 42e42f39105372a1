import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canOrder, ORDER_BUTTONS, OrderStatus, type OrderAction } from '../../../domain/order-flow';
import { buttonPermission } from '../../../domain/resource';
import { resourceByName } from '../../../../resources';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { http } from '../../providers/http';
import { OrderTimeline } from './OrderTimeline';

type OrderButton = (typeof ORDER_BUTTONS)[number];

/**
 * The workflow half of an order's detail page: the actions its state allows (mirroring
 * src/domain/order-flow, which the server enforces), each behind its button resource; reject asks
 * for a reason; a shipped order gets its delivery; then the order's timeline.
 */
const OrderActions = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const status = record.status as number;
  const deliveries = resourceByName('deliveries')!;
  const { data: delivery } = useQuery({
    queryKey: ['orders', 'delivery', record.id, record.version],
    enabled: status >= OrderStatus.shipped,
    queryFn: () =>
      http
        .get<{ rows: { id: number }[] }>(deliveries.api, { query: { orderId: record.id }, silent: true })
        .then((r) => r.rows[0] ?? null),
  });

  const run = async (action: OrderAction, body: object = {}) => {
    await http.post(`${def.api}/${record.id}/${action}`, body);
    void message.success(t('workflows.done'));
    await queryClient.invalidateQueries();
  };
  const ask = (action: OrderButton) => {
    if (action === 'reject') return setRejecting(true);
    if (action === 'submit') return void run(action).catch(() => undefined);
    modal.confirm({
      title: t(`mall.ask.${action}`),
      okText: t(`mall.buttons.${action}`),
      cancelText: t('buttons.cancel'),
      onOk: () => run(action).catch(() => undefined),
    });
  };
  const createDelivery = async () => {
    const created = await http.post<{ id: number }>(deliveries.api, { orderId: record.id });
    await queryClient.invalidateQueries();
    navigate(`/orders/deliveries/${created.id}`);
  };

  return (
    <>
      <Card size="small" style={{ marginTop: 16 }} title={t('mall.actions')} data-testid="order-actions">
        <Space wrap>
          {ORDER_BUTTONS.filter((action) => canOrder(action, status)).map((action) => (
            <Authorized key={action} permission={buttonPermission(def, action)}>
              <Button
                type={action === 'approve' || action === 'submit' ? 'primary' : 'default'}
                danger={action === 'cancel' || action === 'reject'}
                onClick={() => ask(action)}
                data-testid={`order-${action}`}
              >
                {t(`mall.buttons.${action}`)}
              </Button>
            </Authorized>
          ))}
          {status === OrderStatus.shipped && delivery === null && (
            <Authorized permission={buttonPermission(deliveries, 'create')}>
              <Button
                type="primary"
                onClick={() => void createDelivery().catch(() => undefined)}
                data-testid="order-create-delivery"
              >
                {t('mall.createDelivery')}
              </Button>
            </Authorized>
          )}
          {delivery && (
            <Button onClick={() => navigate(`/orders/deliveries/${delivery.id}`)} data-testid="order-open-delivery">
              {t('mall.openDelivery')}
            </Button>
          )}
        </Space>
      </Card>
      <OrderTimeline orderId={record.id as number} version={record.version} />
      <Modal
        open={rejecting}
        title={t('mall.buttons.reject')}
        okText={t('mall.buttons.reject')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        cancelText={t('buttons.cancel')}
        onCancel={() => setRejecting(false)}
        onOk={() =>
          run('reject', { reason }).then(
            () => setRejecting(false),
            () => undefined,
          )
        }
        destroyOnHidden
        data-testid="reject-dialog"
      >
        <Form layout="vertical">
          <Form.Item label={t('mall.rejectReason')} required>
            <Input.TextArea
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="reject-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};

export default OrderActions;
