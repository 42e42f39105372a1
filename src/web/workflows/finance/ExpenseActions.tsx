import { useState } from 'react';
import { App, Button, Card, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExpenseStatus } from '../../../domain/finance/codes';
import { buttonPermission } from '../../../domain/resource';
import { Authorized } from '../../engine/Authorized';
import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { http } from '../../providers/http';

/** Voiding an expense that is on no bill, with the reason the audit keeps; the server decides for real. */
const ExpenseActions = ({ def, record }: DetailExtensionProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (record.status !== ExpenseStatus.open || record.billId) return null;
  const voidIt = async () => {
    await http.post(`${def.api}/${record.id}/void`, { reason });
    void message.success(t('workflows.done'));
    setOpen(false);
    await queryClient.invalidateQueries();
  };
  return (
    <Authorized permission={buttonPermission(def, 'void')}>
      <Card size="small" style={{ marginTop: 16 }}>
        <Button danger onClick={() => setOpen(true)} data-testid="expense-void">
          {t('finance.actions.void')}
        </Button>
        <Modal
          open={open}
          title={t('finance.actions.void')}
          okText={t('finance.actions.void')}
          cancelText={t('buttons.cancel')}
          okButtonProps={{ danger: true, disabled: !reason.trim() }}
          onCancel={() => setOpen(false)}
          onOk={() => voidIt().catch(() => undefined)}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('expenses.fields.reason')}
            data-testid="expense-void-reason"
          />
        </Modal>
      </Card>
    </Authorized>
  );
};

export default ExpenseActions;
