import { useState } from 'react';
import { App, Button, Card, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canBill, type BillAction } from '../../../domain/finance/bill-flow';
import { buttonPermission } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { http } from '../../providers/http';
import { exportBillLines } from './bill-excel';
import { fetchBillLines, type BillLine } from './bill-lines';
import { BillLinesTable } from './BillLinesTable';
import { PayDialog } from './PayDialog';

const ACTIONS: BillAction[] = ['regenerate', 'issue', 'pay', 'cancel'];

/**
 * The workflow half of a bill's detail page: its lines, each storage line explained; the actions
 * its state allows (mirroring src/domain/finance/bill-flow, which the server enforces); editing a
 * draft's lines; the print view and the Excel export.
 */
const BillPanel = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [draft, setDraft] = useState<BillLine[]>();
  const status = record.status as number;
  const currency = t(`enums.currency.${record.currency}`);
  const lines = useQuery({
    queryKey: ['billLines', record.id, record.version],
    queryFn: () => fetchBillLines(record.id!),
  });

  const run = async (action: BillAction | 'save', body: object = {}) => {
    if (action === 'save') await http.put(`${def.api}/${record.id}`, { version: record.version, ...body });
    else await http.post(`${def.api}/${record.id}/${action}`, body);
    void message.success(t('workflows.done'));
    setDraft(undefined);
    await queryClient.invalidateQueries();
  };

  const ask = (action: BillAction) => {
    if (action === 'pay') return setPaying(true);
    modal.confirm({
      title: t(`finance.confirm.${action}`),
      okText: t(`finance.actions.${action}`),
      cancelText: t('buttons.cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as Record<string, string>,
      onOk: () => run(action).catch(() => undefined),
    });
  };

  const editable = canBill('edit', status);
  return (
    <Card
      size="small"
      style={{ marginTop: 16 }}
      title={t('billLines.titles.list')}
      data-testid="bill-panel"
      extra={
        <Space wrap>
          {!draft &&
            ACTIONS.filter((action) => canBill(action, status)).map((action) => (
              <Authorized key={action} permission={buttonPermission(def, action)}>
                <Button
                  type={action === 'issue' || action === 'pay' ? 'primary' : 'default'}
                  danger={action === 'cancel'}
                  onClick={() => ask(action)}
                  data-testid={`bill-${action}`}
                >
                  {t(`finance.actions.${action}`)}
                </Button>
              </Authorized>
            ))}
          {editable && !draft && (
            <Authorized permission={buttonPermission(def, 'edit')}>
              <Button onClick={() => setDraft(lines.data ?? [])} data-testid="bill-edit-lines">
                {t('finance.actions.editLines')}
              </Button>
            </Authorized>
          )}
          {draft && (
            <>
              <Button
                onClick={() =>
                  setDraft([...draft, { feeType: 9, description: '', quantity: 1, unitPrice: 0, amount: 0 }])
                }
                data-testid="bill-add-line"
              >
                {t('finance.actions.addLine')}
              </Button>
              <Button onClick={() => setDraft(undefined)}>{t('buttons.cancel')}</Button>
              <Button
                type="primary"
                data-testid="bill-save-lines"
                onClick={() =>
                  run('save', {
                    lines: draft.map(({ id, feeType, subType, unit, description, quantity, unitPrice, amount }) => ({
                      id,
                      feeType,
                      subType: subType ?? undefined,
                      unit: unit ?? undefined,
                      description: description ?? '',
                      quantity: quantity ?? undefined,
                      unitPrice: unitPrice ?? undefined,
                      amount,
                    })),
                  }).catch(() => undefined)
                }
              >
                {t('finance.actions.save')}
              </Button>
            </>
          )}
          {!draft && (
            <Button onClick={() => navigate(`/finance/bills/print/${record.id}`)} data-testid="bill-print">
              {t('finance.actions.print')}
            </Button>
          )}
          {!draft && (
            <Button
              disabled={!lines.data}
              onClick={() => void exportBillLines(t, record, lines.data ?? [])}
              data-testid="bill-excel"
            >
              {t('finance.actions.excel')}
            </Button>
          )}
        </Space>
      }
    >
      <BillLinesTable lines={draft ?? lines.data ?? []} currency={currency} onChange={draft ? setDraft : undefined} />
      <PayDialog
        open={paying}
        onCancel={() => setPaying(false)}
        onPay={async (body) => {
          await run('pay', body);
          setPaying(false);
        }}
      />
    </Card>
  );
};

export default BillPanel;
