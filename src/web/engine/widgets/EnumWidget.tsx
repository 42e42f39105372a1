import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../domain/resource';
import { enumLabel } from '../fields';

/** An enumeration as a select with translated labels (`enums.<x-enum>.<value>`). */
export const EnumWidget = ({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  schema,
  placeholder,
  htmlName,
}: WidgetProps) => {
  const { t } = useTranslation();
  const field = schema as FieldSchema;
  const options = (field.enum ?? []).map((v) => ({ value: v, label: enumLabel(field, v, t) }));
  return (
    <Select
      id={id}
      {...{ name: htmlName || id }}
      value={value ?? undefined}
      options={options}
      allowClear
      placeholder={placeholder}
      disabled={disabled || readonly}
      onChange={(v) => onChange(v ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: '100%' }}
    />
  );
};
