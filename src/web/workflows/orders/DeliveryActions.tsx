import { useState } from 'react';
import { App, Button, Card, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canDeliver, DELIVERY_BUTTONS, type DeliveryAction } from '../../../domain/order-flow';
import { buttonPermission } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { http } from '../../providers/http';
import { DeliveryDialog, type DialogAction } from './DeliveryDialog';

/**
 * The workflow half of a delivery's detail page (C6): dispatch, sign for with a POD, fail and
 * re-dispatch, as the delivery's state and type allow (a pickup is only signed for), each behind
 * its button resource; and the way back to the order.
 */
const DeliveryActions = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogAction>();
  const status = record.status as number;

  const run = async (action: DeliveryAction, body: object = {}) => {
    await http.post(`${def.api}/${record.id}/${action}`, body);
    void message.success(t('workflows.done'));
    setDialog(undefined);
    await queryClient.invalidateQueries();
  };
  const ask = (action: DeliveryAction) => {
    if (action !== 'redispatch') return setDialog(action);
    modal.confirm({
      title: t('mall.ask.redispatch'),
      okText: t('mall.buttons.redispatch'),
      cancelText: t('buttons.cancel'),
      onOk: () => run(action).catch(() => undefined),
    });
  };

  return (
    <Card size="small" style={{ marginTop: 16 }} title={t('mall.deliveryActions')} data-testid="delivery-actions">
      <Space wrap>
        {DELIVERY_BUTTONS.filter((action) => canDeliver(action, status, record.deliveryType as number)).map(
          (action) => (
            <Authorized key={action} permission={buttonPermission(def, action)}>
              <Button
                type={action === 'fail' ? 'default' : 'primary'}
                danger={action === 'fail'}
                onClick={() => ask(action)}
                data-testid={`delivery-${action}`}
              >
                {t(`mall.buttons.${action === 'complete' ? 'sign' : action}`)}
              </Button>
            </Authorized>
          ),
        )}
        <Button onClick={() => navigate(`/orders/${record.orderId}`)} data-testid="delivery-open-order">
          {t('mall.viewOrder')}
        </Button>
      </Space>
      <DeliveryDialog
        action={dialog}
        onCancel={() => setDialog(undefined)}
        onSubmit={(action, body) => run(action, body)}
      />
    </Card>
  );
};

export default DeliveryActions;
