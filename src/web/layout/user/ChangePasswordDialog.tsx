import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkPasswordChange } from '../../../domain/validation';
import { ApiError, http } from '../../providers/http';

interface Values {
  oldPwd: string;
  newPwd: string;
  confirmPwd: string;
}

const FIELDS = ['oldPwd', 'newPwd', 'confirmPwd'] as const;

/**
 * Change password (SPEC 5, DESIGN C14): the same rules as the server, checked here first; the
 * server's field errors land on their fields. Closes with 'update successful' only on success.
 */
const ChangePasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  // One field's rule, read from the shared rules with the other fields' current values.
  const rule = (field: (typeof FIELDS)[number]) => ({
    validator: async () => {
      const problem = checkPasswordChange(form.getFieldsValue()).find((p) => p.field === field);
      if (problem) throw new Error(t(`validation.${problem.problem}`));
    },
  });

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await http.post('/system/users/changePwd', values, { notify: false });
      void message.success(t('layout.password.success'));
      form.resetFields();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        form.setFields(Object.entries(err.errors).map(([name, errors]) => ({ name: name as keyof Values, errors })));
      } else {
        void message.error(err instanceof Error ? err.message : t('http.error'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('layout.password.title')}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="change-password-form" requiredMark>
        {FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`layout.password.${field}`)}
            required
            rules={[rule(field)]}
            dependencies={field === 'confirmPwd' ? ['newPwd'] : undefined}
          >
            <Input.Password
              autoComplete={field === 'oldPwd' ? 'current-password' : 'new-password'}
              data-testid={`password-${field}`}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
};

export default ChangePasswordDialog;
