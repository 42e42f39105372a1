import { Templates } from '@rjsf/antd';
import type { BaseInputTemplateProps } from '@rjsf/utils';

const AntdBaseInput = Templates.BaseInputTemplate!;

/**
 * antd's input for a field, without the schema's bounds on its number box: InputNumber moves a value
 * outside min/max to the bound as it loses focus, so a duty rate typed as -5 was saved as 0 without
 * a word. The bounds stay with validation, which shows the field's message and keeps the form.
 */
export const BaseInputTemplate = (props: BaseInputTemplateProps) => {
  const { minimum: _min, maximum: _max, exclusiveMinimum: _exMin, exclusiveMaximum: _exMax, ...schema } = props.schema;
  return <AntdBaseInput {...props} schema={schema} />;
};
