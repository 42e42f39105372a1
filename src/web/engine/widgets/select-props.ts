import type { WidgetProps } from '@rjsf/utils';

/**
 * What every select of a form takes from RJSF the same way: a read-only field is a locked select
 * (Ant Design has no read-only one), and focus is reported with the field's value as RJSF expects.
 */
export const selectProps = ({ id, value, placeholder, disabled, readonly, onBlur, onFocus }: WidgetProps) => ({
  id,
  placeholder,
  disabled: disabled || readonly,
  onBlur: () => onBlur(id, value),
  onFocus: () => onFocus(id, value),
  style: { width: '100%' },
});

/**
 * A select of one optional value: named for the browser's form, and emptied as `undefined` (RJSF's
 * "no value") rather than antd's `null`, which a schema would refuse.
 */
export const optionalValueProps = (props: WidgetProps) => ({
  ...selectProps(props),
  name: props.htmlName || props.id,
  value: props.value ?? undefined,
  allowClear: true,
  onChange: (v?: unknown) => props.onChange(v ?? undefined),
});
