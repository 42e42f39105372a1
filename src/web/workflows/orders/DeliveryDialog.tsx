import { useState } from 'react';
import type { ReactNode } from 'react';
import { DatePicker, Form, Input, Modal } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { UploadWidget } from '../../engine/widgets/UploadWidget';

export type DialogAction = 'dispatch' | 'complete' | 'fail';

interface Props {
  action: DialogAction | undefined;
  onCancel: () => void;
  /** Resolves when the server took it; rejects with its error (shown by the HTTP client). */
  onSubmit: (action: DialogAction, body: Record<string, unknown>) => Promise<unknown>;
}

const FIELDS: Record<DialogAction, string[]> = {
  dispatch: ['vehicle', 'driver', 'phone', 'plannedDate'],
  complete: ['podFile', 'signer', 'signedAt'],
  fail: ['failReason'],
};
const REQUIRED = new Set(['vehicle', 'driver', 'plannedDate', 'podFile', 'signer', 'signedAt', 'failReason']);

/**
 * The dialogs of a delivery's actions: dispatch (vehicle, driver, phone, planned date), complete
 * (POD file through /oss, who signed and when) and fail (why). Missing fields are named here; the
 * server checks the same and has the last word.
 */
export const DeliveryDialog = ({ action, onCancel, onSubmit }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [pod, setPod] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = action ? FIELDS[action] : [];

  const submit = async () => {
    if (!action) return;
    const values = { ...form.getFieldsValue(), podFile: pod } as Record<string, unknown>;
    const missing = Object.fromEntries(
      fields
        .filter((f) => REQUIRED.has(f) && !values[f])
        .map((f) => [f, f === 'podFile' ? t('validation.podFile') : t('validation.required')]),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const body =
      action === 'dispatch'
        ? {
            vehicle: values.vehicle,
            driver: values.driver,
            phone: values.phone || undefined,
            plannedDate: dayjs(values.plannedDate as never).format('YYYY-MM-DD'),
          }
        : action === 'complete'
          ? { podFile: pod, signer: values.signer, signedAt: dayjs(values.signedAt as never).toISOString() }
          : { reason: values.failReason };
    setBusy(true);
    try {
      await onSubmit(action, body);
      form.resetFields();
      setPod(undefined);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };

  const item = (field: string, control: ReactNode) =>
    fields.includes(field) && (
      <Form.Item
        key={field}
        name={field === 'podFile' ? undefined : field}
        label={t(`deliveries.fields.${field}`)}
        required={REQUIRED.has(field)}
        validateStatus={errors[field] ? 'error' : undefined}
        help={errors[field]}
      >
        {control}
      </Form.Item>
    );
  const choosePod = (path: string) => {
    setPod(path);
    setErrors(({ podFile: _done, ...rest }) => rest);
  };
  const podWidget = {
    id: 'podFile',
    value: pod,
    onChange: choosePod,
    options: { kind: 'file' },
  } as unknown as WidgetProps;

  return (
    <Modal
      open={Boolean(action)}
      title={action ? t(`mall.buttons.${action === 'complete' ? 'sign' : action}`) : ''}
      okText={action ? t(`mall.buttons.${action === 'complete' ? 'sign' : action}`) : ''}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="delivery-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ signedAt: dayjs(), plannedDate: dayjs() }}>
        {item('vehicle', <Input maxLength={40} data-testid="delivery-vehicle" />)}
        {item('driver', <Input maxLength={100} data-testid="delivery-driver" />)}
        {item('phone', <Input maxLength={40} />)}
        {item('plannedDate', <DatePicker style={{ width: '100%' }} />)}
        {item('podFile', <UploadWidget {...podWidget} />)}
        {item('signer', <Input maxLength={100} data-testid="delivery-signer" />)}
        {item('signedAt', <DatePicker showTime style={{ width: '100%' }} />)}
        {item('failReason', <Input.TextArea rows={3} maxLength={500} data-testid="delivery-fail-reason" />)}
      </Form>
    </Modal>
  );
};
