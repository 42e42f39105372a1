import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../domain/resource';
import { enumLabel } from '../fields';
import { selectProps } from './select-props';

/** An enumeration as a select with translated labels (`enums.<x-enum>.<value>`). */
export const EnumWidget = (props: WidgetProps) => {
  const { id, value, onChange, schema, htmlName } = props;
  const { t } = useTranslation();
  const field = schema as FieldSchema;
  const options = (field.enum ?? []).map((v) => ({ value: v, label: enumLabel(field, v, t) }));
  return (
    <Select
      {...selectProps(props)}
      {...{ name: htmlName || id }}
      value={value ?? undefined}
      options={options}
      allowClear
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
};
