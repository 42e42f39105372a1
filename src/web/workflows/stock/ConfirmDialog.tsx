import { useEffect, useState, type ReactNode } from 'react';
import { DatePicker, Form, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { localDay } from '../../../domain/time-zone';
import { apiPathOf } from '../../providers/data-provider';
import { http } from '../../providers/http';
// The scan screen opens it too, where no generated page may have brought the touch sizes yet.
import '../../engine/touch.css';

interface Props {
  kind: 'inbounds' | 'outbounds';
  /** The document's warehouse: the date offered is today there, in its time zone. */
  warehouseId: number;
  open: boolean;
  /** The question asked instead of SPEC's prompt, where SPEC does not fix the words (the scan screen's). */
  title?: string;
  onCancel: () => void;
  /** Resolves when the server confirmed; rejects with its error (shown by the HTTP client). */
  onConfirm: (date: string) => Promise<unknown>;
  /** What the caller shows above the date (the scan screen: the lines counted short or over). */
  children?: ReactNode;
}

/**
 * Confirming asks for the day the goods actually moved (SPEC 4: inbound date, actual outbound date)
 * and the SPEC prompt 'Are you confirm inbound?' / 'Are you confirm outbound?' (or its caller's words).
 */
export const ConfirmDialog = ({ kind, warehouseId, open, title, onCancel, onConfirm, children }: Props) => {
  const { t } = useTranslation();
  const zone = useQuery({
    queryKey: ['warehouse-time-zone', warehouseId],
    queryFn: () => http.get<{ timeZone: string }>(`/${apiPathOf('warehouses')}/${warehouseId}`, { silent: true }),
    select: (warehouse) => warehouse.timeZone,
    enabled: open,
  });
  // Untouched (undefined), the date is the warehouse's today, where the goods move; a user may clear it.
  const [picked, setPicked] = useState<Dayjs | null>();
  useEffect(() => {
    if (!open) setPicked(undefined);
  }, [open]);
  const today = zone.data ? dayjs(localDay(new Date(), zone.data)) : null;
  const date = picked === undefined ? today : picked;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const inbound = kind === 'inbounds';
  const submit = async () => {
    if (!date) {
      setError(t(inbound ? 'validation.inboundDate' : 'validation.actualDate'));
      return;
    }
    setBusy(true);
    try {
      await onConfirm(date.format('YYYY-MM-DD'));
    } catch {
      // The HTTP client has shown why (state moved on, lines missing).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title ?? t(inbound ? 'workflows.confirmInbound' : 'workflows.confirmOutbound')}
      okText={t(`${kind}.actions.confirm`)}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="confirm-dialog"
    >
      {children}
      <Form layout="vertical">
        <Form.Item
          label={t(inbound ? 'inbounds.fields.inboundDate' : 'outbounds.fields.actualDate')}
          required
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <DatePicker
            value={date}
            onChange={(value) => {
              setPicked(value);
              setError(undefined);
            }}
            style={{ width: '100%' }}
            data-testid="confirm-date"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
