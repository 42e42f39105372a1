import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Labels } from '../../../domain/customization';
import { useRequiredRule } from '../../engine/use-required-rule';
import { ChangeDialog } from './ChangeDialog';
import { givenLabels } from './field-values';
import { LabelInputs } from './LabelInputs';

interface Props {
  open: boolean;
  onClose: () => void;
  resource: string;
  /** The added value list's field, and how it is labelled. */
  field: string;
  title: string;
}

interface Values {
  value?: number;
  labels?: Labels;
}

/** One more value of an added value list: its code (never reused) and its labels, previewed then applied. */
export const AddValueDialog = ({ open, onClose, resource, field, title }: Props) => {
  const { t } = useTranslation();
  const required = useRequiredRule();
  return (
    <ChangeDialog
      open={open}
      onClose={onClose}
      title={t('customize.fields.addValueTo', { name: title })}
      width={640}
      initialValues={{} as Values}
      toRequest={(values) => ({
        resource,
        changes: [{ op: 'addValue', name: field, value: Number(values.value), labels: givenLabels(values.labels) }],
      })}
      testId="customize-value"
    >
      <Form.Item name="value" label={t('customize.field.value')} rules={required}>
        <InputNumber precision={0} style={{ width: 120 }} aria-label={t('customize.field.value')} />
      </Form.Item>
      <LabelInputs name={['labels']} path={['labels']} title={t('customize.field.valueLabel')} />
    </ChangeDialog>
  );
};
