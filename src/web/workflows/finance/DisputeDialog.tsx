import { useMemo, useRef, useState } from 'react';
import { App, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import type { ResourceDef } from '../../../domain/resource';
import { SchemaForm, type FormHandle, type Values } from '../../engine/SchemaForm';
import { http } from '../../providers/http';
import { lineText, type BillLine } from './bill-lines';

interface Props {
  billId: number;
  line: BillLine;
  onDone: () => void;
  onClose: () => void;
}

/**
 * The cargo owner's question about one line of an issued bill (issue 43): its reason and, if they
 * have one, a file backing it, in the dispute's own form (labels, upload and messages from
 * schemas/disputes.json). The server refuses what the form cannot know (a line already disputed).
 */
export const DisputeDialog = ({ billId, line, onDone, onClose }: Props) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const formRef = useRef<FormHandle>(null);
  const [busy, setBusy] = useState(false);
  const formDef: ResourceDef = useMemo(() => {
    const disputes = resourceByName('disputes')!;
    const { reason, attachment } = disputes.schema.properties;
    return {
      ...disputes,
      schema: {
        $id: 'disputes.open',
        type: 'object',
        required: ['reason'],
        properties: { reason, attachment: { ...attachment, readOnly: false } },
      },
    };
  }, []);
  const submit = async (body: Values) => {
    setBusy(true);
    try {
      await http.post(`/finance/bills/${billId}/lines/${line.id}/dispute`, body);
      void message.success(t('finance.disputes.sent'));
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('finance.disputes.disputeTitle')}
      okText={t('finance.disputes.dispute')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ ...{ 'data-testid': 'dispute-ok' } }}
      confirmLoading={busy}
      onOk={() => formRef.current?.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="dispute-dialog"
    >
      <Typography.Paragraph strong>{lineText(t, line)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('finance.disputes.disputeHint')}</Typography.Paragraph>
      <SchemaForm def={formDef} initial={{}} onSubmit={submit} formRef={formRef} narrow />
    </Modal>
  );
};
