import { useState } from 'react';
import { App, Button, Card, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonPermission } from '../../../domain/resource';
import { canTransition, DocStatus, type StockAction } from '../../../domain/stock-flow';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { http } from '../../providers/http';
import { ConfirmDialog } from './ConfirmDialog';
import { PodForm } from './PodForm';

const ORDER: StockAction[] = ['submit', 'withdraw', 'confirm', 'cancel'];

/**
 * The workflow half of an inbound or outbound detail page: the actions its state allows (mirroring
 * src/domain/stock-flow, which the server enforces), each behind its button resource, and the POD.
 */
const StockActions = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const kind = def.name as 'inbounds' | 'outbounds';
  const status = record.status as number;

  const run = async (action: StockAction | 'pod', body: object = {}) => {
    await http.post(`${def.api}/${record.id}/${action}`, body);
    void message.success(t('workflows.done'));
    // The document, its lines, lots and the stock lists all changed.
    await queryClient.invalidateQueries();
  };

  const ask = (action: StockAction) => {
    if (action === 'confirm') return setConfirming(true);
    if (action === 'submit') return void run(action).catch(() => undefined);
    modal.confirm({
      title: t(`workflows.ask.${action}`),
      okText: t(`workflows.actions.${action}`),
      cancelText: t('buttons.cancel'),
      onOk: () => run(action).catch(() => undefined),
    });
  };

  return (
    <Card size="small" style={{ marginTop: 16 }} title={t('workflows.title')} data-testid="stock-actions">
      <Space wrap>
        {ORDER.filter((action) => canTransition(action, status)).map((action) => (
          // Undoing a done document changes stock: the server asks for the confirm right too.
          <Authorized
            key={action}
            permission={buttonPermission(def, action === 'cancel' && status === DocStatus.done ? 'confirm' : action)}
          >
            <Button
              type={action === 'confirm' ? 'primary' : 'default'}
              danger={action === 'cancel'}
              onClick={() => ask(action)}
              data-testid={`action-${action}`}
            >
              {t(`workflows.actions.${action}`)}
            </Button>
          </Authorized>
        ))}
      </Space>
      {status !== DocStatus.cancelled && (
        <Authorized permission={buttonPermission(def, 'pod')}>
          <div style={{ marginTop: 12 }}>
            <PodForm
              current={record.podFile as string | undefined}
              currentName={record.podFileName as string | undefined}
              onSave={(podFile) => run('pod', { podFile })}
            />
          </div>
        </Authorized>
      )}
      <ConfirmDialog
        kind={kind}
        warehouseId={record.warehouseId as number}
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={async (date) => {
          await run('confirm', kind === 'inbounds' ? { inboundDate: date } : { actualDate: date });
          setConfirming(false);
        }}
      />
    </Card>
  );
};

export default StockActions;
