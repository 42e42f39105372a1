import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../domain/resource';
import { enumLabel } from '../fields';
import { optionalValueProps } from './select-props';

/** An enumeration as a select with translated labels (`enums.<x-enum>.<value>`). */
export const EnumWidget = (props: WidgetProps) => {
  const { t } = useTranslation();
  const field = props.schema as FieldSchema;
  const options = (field.enum ?? []).map((v) => ({ value: v, label: enumLabel(field, v, t) }));
  return <Select {...optionalValueProps(props)} options={options} />;
};
