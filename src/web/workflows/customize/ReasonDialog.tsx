import { useState, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRequiredRule } from '../../engine/use-required-rule';

interface Props {
  open: boolean;
  title: string;
  /** Shown above the reason: the plan of what applying does, where no dialog behind shows it. */
  children?: ReactNode;
  /** Applies with the reason given; a rejection (the server refused) keeps the dialog open. */
  onApply: (reason: string) => Promise<void>;
  onClose: () => void;
  /** Apply is not offered (the plan shown has problems). */
  blocked?: boolean;
}

/** Why a change is made: asked before every apply or return, kept with the version and in the audit trail. */
export const ReasonDialog = ({ open, title, children, onApply, onClose, blocked }: Props) => {
  const { t } = useTranslation();
  const required = useRequiredRule();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await onApply(reason.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('customize.apply')}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: blocked, ...{ 'data-testid': 'customize-reason-ok' } }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {children}
      <Form form={form} layout="vertical" style={{ marginTop: children ? 16 : 0 }}>
        <Form.Item
          name="reason"
          label={t('customize.reason')}
          extra={t('customize.reasonHint')}
          rules={[...required, { whitespace: true, message: t('validation.required') }]}
        >
          <Input.TextArea rows={2} maxLength={500} aria-label={t('customize.reason')} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
