import { Select, type SelectProps } from 'antd';
import { useSelect } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { resourceByName } from '../../../resources';

type Value = string | number;

type Props = Omit<SelectProps, 'options' | 'onSearch' | 'value' | 'onChange' | 'mode'> & {
  /** The referenced resource (x-ref). */
  resource: string;
  /** The field the value holds (x-refKey, e.g. a role's name); default the id. */
  refKey?: string;
  /** Narrowing that always applies (x-dependsOn: the ports of the chosen country). */
  filters?: CrudFilters;
  multiple?: boolean;
  value?: Value | Value[] | null;
  onChange?: (value: Value | Value[] | undefined) => void;
};

/**
 * A searchable select over another resource's list API: typing sends `q`, 50 options a page
 * showing the resource's label field, the current value's label fetched by id. Lookups are
 * background requests (`silent`, no global loading indicator).
 */
export const RefSelect = ({ resource, refKey, filters, multiple, value, onChange, ...rest }: Props) => {
  const label = resourceByName(resource)?.label ?? 'name';
  const current = value === null || value === undefined ? undefined : value;
  const { selectProps } = useSelect({
    resource,
    optionLabel: label as never,
    optionValue: (refKey ?? 'id') as never,
    // The label of a stored id comes from `id_in`; a value kept by another key is among the options.
    defaultValue: refKey ? undefined : current,
    filters,
    onSearch: (q) => [{ field: 'q', operator: 'eq', value: q }],
    pagination: { pageSize: 50, mode: 'server' },
    meta: { silent: true },
    debounce: 300,
  });
  return (
    <Select
      {...selectProps}
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      value={current}
      onChange={(v) => onChange?.(v === null || (Array.isArray(v) && !v.length) ? undefined : (v as Value | Value[]))}
      style={{ width: '100%', ...rest.style }}
    />
  );
};
