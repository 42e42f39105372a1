import { useState } from 'react';
import { App, Button, Card, Modal, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import { buttonPermission, recordScreenPath } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { RefSelect } from '../../engine/RefSelect';
import { http } from '../../providers/http';

/**
 * The two shipment workflows: copy it (SPEC 5's prompt, then open the copy for editing) and turn
 * its goods into an inbound order for a chosen warehouse (then open that inbound).
 */
const ShipmentActions = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const [warehouseId, setWarehouseId] = useState<number>();

  const copy = () =>
    modal.confirm({
      title: t('workflows.copyShipment'),
      okText: t('workflows.actions.copy'),
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        const created = await http.post<{ id: number }>(`${def.api}/${record.id}/copy`).catch(() => undefined);
        if (created) navigate(recordScreenPath(def, 'edit', created.id));
      },
    });

  const createInbound = async () => {
    const inbound = await http
      .post<{ id: number }>(`${def.api}/${record.id}/inbound`, { warehouseId })
      .catch(() => undefined);
    if (!inbound) return;
    setChoosing(false);
    navigate(recordScreenPath(resourceByName('inbounds')!, 'show', inbound.id));
  };

  return (
    <Card size="small" style={{ marginTop: 16 }} title={t('workflows.title')} data-testid="shipment-actions">
      <Space wrap>
        <Authorized permission={buttonPermission(def, 'copy')}>
          <Button onClick={copy} data-testid="action-copy">
            {t('workflows.actions.copy')}
          </Button>
        </Authorized>
        {!record.inboundId && (
          <Authorized permission={buttonPermission(def, 'inbound')}>
            <Button type="primary" onClick={() => setChoosing(true)} data-testid="action-inbound">
              {t('workflows.actions.inbound')}
            </Button>
          </Authorized>
        )}
      </Space>
      <Modal
        open={choosing}
        title={t('workflows.inboundFromShipment')}
        okText={t('workflows.actions.inbound')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ disabled: !warehouseId }}
        onOk={() => void createInbound()}
        onCancel={() => setChoosing(false)}
        destroyOnHidden
      >
        <RefSelect
          resource="warehouses"
          value={warehouseId}
          onChange={(v) => setWarehouseId(v as number | undefined)}
          id="inbound-warehouse"
          placeholder={t('inbounds.fields.warehouseId')}
        />
      </Modal>
    </Card>
  );
};

export default ShipmentActions;
