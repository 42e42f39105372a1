import { DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

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
        const values = await form.validateFields();
        await onPay({ paidDate: values.paidDate.format('YYYY-MM-DD'), paymentRef: values.paymentRef.trim() });
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
