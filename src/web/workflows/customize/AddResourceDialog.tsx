import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAME_PATTERN } from '../../../domain/customization';
import { useRequiredRule } from '../../engine/use-required-rule';
import { ChangeDialog } from './ChangeDialog';
import { addResourceChange, type ResourceValues } from './field-values';
import { FieldEditor } from './FieldEditor';
import { LabelInputs } from './LabelInputs';

interface Props {
  open: boolean;
  onClose: () => void;
  targets: { value: string; label: string }[];
}

const INITIAL: ResourceValues = { organizationOwned: false, fields: [{ type: 'text', list: true, required: true }] };

/**
 * A record type of the admin's own (Trucks): its name (camelCase, kept for ever), labels, whether
 * each record belongs to an organization, and at least one field; previewed and applied as a field is.
 */
export const AddResourceDialog = ({ open, onClose, targets }: Props) => {
  const { t } = useTranslation();
  const required = useRequiredRule();
  const say = (key: string, params?: Record<string, unknown>) => t(`customize.resource.${key}`, params);
  const atLeastOne = {
    validator: async (_: unknown, rows?: unknown[]) => {
      if (!rows?.length) throw new Error(say('fieldsRequired'));
    },
  };
  return (
    <ChangeDialog
      open={open}
      onClose={onClose}
      title={t('customize.addResource')}
      width={860}
      initialValues={INITIAL}
      toRequest={(values) => ({ resource: (values.name ?? '').trim(), changes: [addResourceChange(values)] })}
      testId="customize-resource"
    >
      <Form.Item
        name="name"
        label={say('name')}
        extra={say('nameHint')}
        rules={[...required, { pattern: NAME_PATTERN, message: t('customize.field.namePattern') }]}
      >
        <Input maxLength={40} autoComplete="off" aria-label={say('name')} />
      </Form.Item>
      <LabelInputs name={['labels']} path={['labels']} title={say('label')} />
      <Form.Item
        name="organizationOwned"
        label={say('organizationOwned')}
        extra={say('organizationOwnedHint')}
        valuePropName="checked"
      >
        <Switch aria-label={say('organizationOwned')} />
      </Form.Item>
      <Form.List name="fields" rules={[atLeastOne]}>
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map((row, index) => (
              <Card
                key={row.key}
                size="small"
                title={say('fieldNumber', { index: index + 1 })}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(row.name)}
                    aria-label={say('removeField', { index: index + 1 })}
                  />
                }
                style={{ marginBottom: 12 }}
              >
                <FieldEditor name={[row.name]} path={['fields', row.name]} targets={targets} />
              </Card>
            ))}
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ type: 'text', list: true })}>
              {say('addField')}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </ChangeDialog>
  );
};
