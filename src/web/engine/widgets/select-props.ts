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
