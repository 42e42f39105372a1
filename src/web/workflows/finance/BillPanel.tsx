import { useState } from 'react';
import { App, Button, Card, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import { canBill } from '../../../domain/finance/bill-flow';
import { buttonPermission, isEditable } from '../../../domain/resource';
import { Authorized, useAuthorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { http } from '../../providers/http';
import { exportBillLines } from './bill-excel';
import { fetchBillLines, type BillLine } from './bill-lines';
import { BillLinesTable } from './BillLinesTable';
import { DisputeDialog } from './DisputeDialog';

/**
 * A bill's lines below its fields, each storage line explained; editing a draft's lines; the print
 * view and the Excel export. Its workflow's actions are the engine's, in the page header.
 */
const BillPanel = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<BillLine[]>();
  const [disputing, setDisputing] = useState<BillLine>();
  // An issued or paid bill's lines may be disputed by whoever holds the right (issue 43).
  const mayDispute =
    useAuthorized(buttonPermission(resourceByName('disputes')!, 'create')) &&
    canBill('dispute', record.status as number);
  const currency = t(`enums.currency.${record.currency}`);
  const lines = useQuery({
    queryKey: ['billLines', record.id, record.version],
    queryFn: () => fetchBillLines(record.id!),
  });

  const save = async (lines: object[]) => {
    await http.put(`${def.api}/${record.id}`, { version: record.version, lines });
    void message.success(t('finance.linesSaved', { name: record.billNo }));
    setDraft(undefined);
    await queryClient.invalidateQueries();
  };

  // The lines are the bill's PUT: editable while the bill is (its declared editableWhile).
  const editable = isEditable(def, record);
  return (
    <Card
      size="small"
      style={{ marginTop: 16 }}
      title={t('billLines.titles.list')}
      data-testid="bill-panel"
      extra={
        <Space wrap>
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
                  save(
                    draft.map(({ id, feeType, subType, unit, description, quantity, unitPrice, amount }) => ({
                      id,
                      feeType,
                      subType: subType ?? undefined,
                      unit: unit ?? undefined,
                      description: description ?? '',
                      quantity: quantity ?? undefined,
                      unitPrice: unitPrice ?? undefined,
                      amount,
                    })),
                  ).catch(() => undefined)
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
      <BillLinesTable
        lines={draft ?? lines.data ?? []}
        currency={currency}
        onChange={draft ? setDraft : undefined}
        onDispute={mayDispute && !draft ? setDisputing : undefined}
      />
      {disputing && (
        <DisputeDialog
          billId={record.id as number}
          line={disputing}
          onClose={() => setDisputing(undefined)}
          onDone={() => {
            setDisputing(undefined);
            void lines.refetch();
          }}
        />
      )}
    </Card>
  );
};

export default BillPanel;
