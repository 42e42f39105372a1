import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRequiredRule } from '../../engine/use-required-rule';
import { LabelInputs } from './LabelInputs';

type Path = (string | number)[];

/**
 * A value list's values: each a whole number (what records store, never reused) and its four
 * labels. At least one; the server refuses codes that repeat.
 */
export const ValueListEditor = ({ name, path }: { name: Path; path: Path }) => {
  const { t } = useTranslation();
  const required = useRequiredRule();
  const values = Form.useWatch([...path, 'values'], Form.useFormInstance()) as { value?: number }[] | undefined;
  const atLeastOne = {
    validator: async (_: unknown, rows?: unknown[]) => {
      if (!rows?.length) throw new Error(t('customize.field.valuesRequired'));
    },
  };
  return (
    <Form.List name={[...name, 'values']} rules={[atLeastOne]}>
      {(rows, { add, remove }, { errors }) => (
        <Form.Item label={t('customize.field.values')} required>
          {rows.map((row, index) => (
            <Card key={row.key} size="small" style={{ marginBottom: 8 }}>
              <Flex gap={8} align="flex-start">
                <Form.Item
                  name={[row.name, 'value']}
                  label={t('customize.field.value')}
                  rules={required}
                  style={{ flex: 'none' }}
                >
                  <InputNumber precision={0} style={{ width: 96 }} aria-label={t('customize.field.value')} />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(row.name)}
                  aria-label={t('customize.field.removeValue', { index: index + 1 })}
                  style={{ marginLeft: 'auto' }}
                />
              </Flex>
              <LabelInputs
                name={[row.name, 'labels']}
                path={[...path, 'values', row.name, 'labels']}
                title={t('customize.field.valueLabel')}
              />
            </Card>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ value: nextCode(values) })} block>
            {t('customize.field.addValue')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
};

/** The code a new row starts with: one above the highest so far; the admin may change it. */
const nextCode = (values: { value?: number }[] | undefined) =>
  Math.max(0, ...(values ?? []).map((v) => Number(v?.value) || 0)) + 1;
