import { Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, NAME_PATTERN, type CustomFieldType } from '../../../domain/customization';
import { useRequiredRule } from '../../engine/use-required-rule';
import { hasDefault, hasLength, hasRange } from './field-values';
import { LabelInputs } from './LabelInputs';
import { ValueListEditor } from './ValueListEditor';

type Path = (string | number)[];

interface Props {
  /** Where the field's values are, as a Form.Item here names them ([] alone, [row] in a list). */
  name: Path;
  /** The same from the form's root. */
  path: Path;
  /** The record types a reference may point at. */
  targets: { value: string; label: string }[];
}

const half = { flex: '1 1 160px', minWidth: 0 };

/**
 * One field as an admin declares it: its name (its id for ever), type, labels, placement and the
 * limits, values or target its type has. The add-field dialog shows one; a record type's, a list.
 */
export const FieldEditor = ({ name, path, targets }: Props) => {
  const { t } = useTranslation();
  const required = useRequiredRule();
  const type = Form.useWatch([...path, 'type'], Form.useFormInstance()) as CustomFieldType | undefined;
  const say = (key: string) => t(`customize.field.${key}`);
  const toggle = (key: string) => (
    <Form.Item name={[...name, key]} label={say(key)} valuePropName="checked" style={{ flex: 'none' }}>
      <Switch aria-label={say(key)} />
    </Form.Item>
  );
  const number = (key: string, integer = true) => (
    <Form.Item name={[...name, key]} label={say(key)} style={half}>
      <InputNumber precision={integer ? 0 : undefined} style={{ width: '100%' }} aria-label={say(key)} />
    </Form.Item>
  );
  return (
    <>
      <Flex wrap gap="0 12px">
        <Form.Item
          name={[...name, 'name']}
          label={say('name')}
          extra={say('nameHint')}
          rules={[...required, { pattern: NAME_PATTERN, message: say('namePattern') }]}
          style={half}
        >
          <Input maxLength={40} autoComplete="off" aria-label={say('name')} />
        </Form.Item>
        <Form.Item name={[...name, 'type']} label={say('type')} rules={required} style={half}>
          <Select
            aria-label={say('type')}
            options={FIELD_TYPES.map((value) => ({ value, label: t(`customize.types.${value}`) }))}
          />
        </Form.Item>
      </Flex>
      <LabelInputs name={[...name, 'labels']} path={[...path, 'labels']} title={say('label')} />
      <Flex wrap gap="0 24px">
        {toggle('required')}
        {toggle('list')}
        {toggle('filter')}
        {toggle('unique')}
      </Flex>
      {hasDefault(type) && (
        <Form.Item name={[...name, 'default']} label={say('default')} extra={say('defaultHint')}>
          {type === 'boolean' ? (
            <Select
              allowClear
              aria-label={say('default')}
              options={[
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ]}
            />
          ) : hasRange(type) ? (
            <InputNumber style={{ width: '100%' }} aria-label={say('default')} />
          ) : (
            <Input
              aria-label={say('default')}
              placeholder={type === 'date' ? 'YYYY-MM-DD' : type === 'dateTime' ? 'YYYY-MM-DDTHH:mm:ssZ' : undefined}
            />
          )}
        </Form.Item>
      )}
      {hasLength(type) && (
        <Flex wrap gap="0 12px">
          {number('minLength')}
          {number('maxLength')}
        </Flex>
      )}
      {hasRange(type) && (
        <Flex wrap gap="0 12px">
          {number('minimum', type === 'integer')}
          {number('maximum', type === 'integer')}
        </Flex>
      )}
      {type === 'enum' && <ValueListEditor name={name} path={path} />}
      {type === 'reference' && (
        <Form.Item name={[...name, 'ref']} label={say('ref')} rules={required}>
          <Select showSearch optionFilterProp="label" options={targets} aria-label={say('ref')} />
        </Form.Item>
      )}
    </>
  );
};
