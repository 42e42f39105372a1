import type { WidgetProps } from '@rjsf/utils';
import { RefSelect } from '../RefSelect';

/** A lookup field (x-ref): a searchable select over the referenced resource's list API. */
export const RefWidget = ({ id, value, onChange, onBlur, onFocus, disabled, readonly, options, placeholder }: WidgetProps) => (
  <RefSelect
    id={id}
    resource={String(options.resource)}
    value={value ?? undefined}
    placeholder={placeholder}
    disabled={disabled || readonly}
    onChange={(v) => onChange(v)}
    onBlur={() => onBlur(id, value)}
    onFocus={() => onFocus(id, value)}
  />
);
