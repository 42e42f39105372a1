import { Select, type SelectProps } from 'antd';
import { useSelect } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { recordLabel } from '../../domain/resource';

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
 * showing each record's name in the screen's language, the current value's label fetched by id. Lookups are
 * background requests (`silent`, no global loading indicator).
 */
export const RefSelect = ({ resource, refKey, filters, multiple, value, onChange, ...rest }: Props) => {
  const { i18n } = useTranslation();
  const def = resourceByName(resource);
  const current = value === null || value === undefined ? undefined : value;
  const { selectProps } = useSelect({
    resource,
    optionLabel: (item) => (def ? recordLabel(def, item, i18n.language) : String(item.name ?? item.id)),
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
      // A required form item hands aria-required to rc-select, which puts it on the select's box, a
      // plain div where ARIA does not allow it, too: the label's mark and the message say it instead.
      aria-required={undefined}
      allowClear
      value={current}
      onChange={(v) => onChange?.(v === null || (Array.isArray(v) && !v.length) ? undefined : (v as Value | Value[]))}
      style={{ width: '100%', ...rest.style }}
    />
  );
};
