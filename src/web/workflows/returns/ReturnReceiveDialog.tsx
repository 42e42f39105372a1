import { useState } from 'react';
import { Alert, Grid, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../../resources';
import type { ActionDialogProps } from '../../engine/detail-extensions';
import { servedLabels, refText } from '../../engine/useRefLabels';
import { allPages } from '../../providers/all-pages';
import { http } from '../../providers/http';
import { ReceiveCards, ReceiveTable, type Outcome } from './ReceiveLines';
import { scannedByLine, type ReturnLine as Line } from './scanned-lines';

type Counted = Record<number, Record<Outcome, number>>;

/**
 * A return's receive (`dialog: 'returnReceive'`, and the scan screen's): a row per line of the return (a block on a phone), with what was
 * requested beside what arrived, restocked, quarantined or disposed, and the difference, which an
 * input schema cannot lay out (it would ask for line ids). Each line starts as all restocked: as
 * many as were scanned where its goods were scanned on the scan screen, as requested otherwise.
 */
const ReturnReceiveDialog = ({ def, record, run, onClose }: ActionDialogProps) => {
  const { t, i18n } = useTranslation();
  const phone = !Grid.useBreakpoint().md;
  const lines = useQuery({
    queryKey: ['return-lines', record.id],
    queryFn: async () => {
      const [read, scans] = await Promise.all([
        allPages<Line>(`${def.api}/${record.id}/lines`, { sort: 'id' }, { silent: true }),
        // The totals alone, not the scan screen's log; the receive goes on without them.
        http
          .get<{ lines: { skuId: number; scanned: number }[] }>(`${def.api}/${record.id}/scans`, {
            query: { limit: 1 },
            silent: true,
            notify: false,
          })
          .catch(() => undefined),
      ]);
      return { ...read, scanned: scannedByLine(read.rows, scans?.lines ?? []) };
    },
  });
  const [counted, setCounted] = useState<Counted>({});
  const [busy, setBusy] = useState(false);
  const rows = lines.data?.rows ?? [];
  const refs = servedLabels(resourceByName('returnLines')!, lines.data?.labels, i18n.language);
  const scanned = lines.data?.scanned;
  const countOf = (line: Line) =>
    counted[line.id] ?? { restocked: scanned?.get(line.id) ?? line.pieces, quarantined: 0, disposed: 0 };
  const set = (line: Line, outcome: Outcome, value: number | null) =>
    setCounted((all) => ({ ...all, [line.id]: { ...countOf(line), [outcome]: value ?? 0 } }));
  const submit = async () => {
    setBusy(true);
    try {
      await run({ lines: rows.map((line) => ({ lineId: line.id, ...countOf(line) })) });
    } catch {
      // The HTTP client has shown why (the return moved on, a line refused).
    } finally {
      setBusy(false);
    }
  };
  const view = {
    rows,
    loading: lines.isLoading,
    skuOf: (line: Line) => refText(refs, 'skuId', line.skuId),
    scanned,
    countOf,
    set,
  };
  return (
    <Modal
      open
      width={860}
      title={t('returns.actions.receive')}
      okText={t('returns.actions.receive')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ disabled: !rows.length, ...{ 'data-testid': 'action-dialog-ok' } }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="return-receive-dialog"
    >
      <Alert
        type="info"
        showIcon
        message={scanned ? `${t('returns.receive.hint')} ${t('returns.receive.fromScans')}` : t('returns.receive.hint')}
        style={{ marginBottom: 12 }}
      />
      {phone ? <ReceiveCards {...view} /> : <ReceiveTable {...view} />}
    </Modal>
  );
};

export default ReturnReceiveDialog;
