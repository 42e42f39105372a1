import { Select, type SelectProps } from 'antd';
import { useSelect } from '@refinedev/antd';
import type { BaseKey } from '@refinedev/core';
import { resourceByName } from '../../../resources';

type Props = Omit<SelectProps, 'options' | 'onSearch' | 'value' | 'onChange'> & {
  /** The referenced resource (x-ref). */
  resource: string;
  value?: BaseKey | null;
  onChange?: (value: BaseKey | undefined) => void;
};

/**
 * A searchable select over another resource's list API: typing sends `q`, the options show the
 * resource's label field, the current value is fetched by id. Background lookups are `silent`.
 */
export const RefSelect = ({ resource, value, onChange, ...rest }: Props) => {
  const def = resourceByName(resource);
  const label = def?.label ?? 'name';
  const { selectProps } = useSelect({
    resource,
    optionLabel: label as never,
    optionValue: 'id' as never,
    defaultValue: value ?? undefined,
    onSearch: (q) => [{ field: 'q', operator: 'eq', value: q }],
    pagination: { pageSize: 50, mode: 'server' },
    meta: { silent: true },
    debounce: 300,
  });
  return (
    <Select
      {...selectProps}
      {...rest}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v === null ? undefined : (v as BaseKey | undefined))}
      style={{ width: '100%', ...rest.style }}
    />
  );
};
