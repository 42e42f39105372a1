import { useState, type ReactNode } from 'react';
import { Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../domain/codes';
import { ApiError } from '../../providers/http';
import { applyChanges, type ChangeRequest } from './customizations';
import { PlanView } from './PlanView';
import { ReasonDialog } from './ReasonDialog';
import { useChanged } from './use-customizations';
import { usePlan } from './use-plan';

interface Props<V> {
  open: boolean;
  onClose: () => void;
  title: string;
  width: number;
  initialValues: V;
  /** The request the form's values make. */
  toRequest: (values: V) => ChangeRequest;
  /** Prefix of the buttons' test ids. */
  testId: string;
  children: ReactNode;
}

/**
 * A customization's dialog: its form, Preview (the plan below the form) and Apply, which previews
 * again if the form changed since and, with no problem, asks the reason and applies.
 */
export function ChangeDialog<V extends object>(props: Props<V>) {
  const { open, onClose, title, width, initialValues, toRequest, testId, children } = props;
  const [form] = Form.useForm<V>();
  const { t } = useTranslation();
  const { plan, previewing, preview, checked, clear } = usePlan();
  const [asking, setAsking] = useState<ChangeRequest>();
  const changed = useChanged();

  const request = async () => toRequest(await form.validateFields());
  const close = () => {
    form.resetFields();
    clear();
    onClose();
  };
  const apply = async () => {
    const wanted = await request();
    if (!(await checked(wanted)).problems.length) setAsking(wanted);
  };
  const applied = async (reason: string) => {
    try {
      await applyChanges({ ...asking!, reason });
    } catch (error) {
      // Refused (another admin's change came first): the plan shown again says why.
      if (error instanceof ApiError && error.code === Code.validation) {
        setAsking(undefined);
        void preview(asking!).catch(() => undefined);
      }
      throw error;
    }
    setAsking(undefined);
    close();
    await changed('applied');
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      width={width}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('buttons.cancel')}
        </Button>,
        <Button
          key="preview"
          loading={previewing}
          onClick={() =>
            void request()
              .then(preview)
              .catch(() => undefined)
          }
          data-testid={`${testId}-preview`}
        >
          {t('customize.preview')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          loading={previewing}
          onClick={() => void apply().catch(() => undefined)}
          data-testid={`${testId}-apply`}
        >
          {t('customize.apply')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false}>
        {children}
      </Form>
      {plan && <PlanView plan={plan} />}
      <ReasonDialog open={!!asking} title={title} onApply={applied} onClose={() => setAsking(undefined)} />
    </Modal>
  );
}
