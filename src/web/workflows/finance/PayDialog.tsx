import { DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../providers/http';

/** The payment date and reference asked for when a bill is marked paid. */
export const PayDialog = ({
  open,
  onCancel,
  onPay,
}: {
  open: boolean;
  onCancel: () => void;
  onPay: (body: { paidDate: string; paymentRef: string }) => Promise<void>;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ paidDate: Dayjs; paymentRef: string }>();
  return (
    <Modal
      open={open}
      title={t('finance.actions.pay')}
      okText={t('finance.actions.pay')}
      cancelText={t('buttons.cancel')}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'pay-ok' } as Record<string, string>}
      onOk={async () => {
        // A refused validation or call is shown on the fields (and the call's toast): the promise
        // antd waits on resolves either way, so nothing reaches the error log as unhandled.
        const values = await form.validateFields().catch(() => undefined);
        if (!values) return;
        await onPay({ paidDate: values.paidDate.format('YYYY-MM-DD'), paymentRef: values.paymentRef.trim() }).catch(
          (err: ApiError | undefined) =>
            form.setFields(
              Object.entries(err?.errors ?? {}).map(([name, errors]) => ({ name: name as 'paymentRef', errors })),
            ),
        );
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ paidDate: dayjs() }} preserve={false}>
        <Form.Item
          name="paidDate"
          label={t('bills.fields.paidDate')}
          rules={[{ required: true, message: t('finance.validation.paidDate') }]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item
          name="paymentRef"
          label={t('bills.fields.paymentRef')}
          rules={[{ required: true, whitespace: true, max: 60, message: t('finance.validation.paymentRef') }]}
        >
          <Input data-testid="pay-ref" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
