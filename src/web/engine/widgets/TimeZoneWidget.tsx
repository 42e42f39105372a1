import { useMemo } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { timeZones, utcOffset } from '../../../domain/time-zone';

/**
 * A `time-zone` field: the IANA zones this browser knows, searchable by name, each with its offset
 * from UTC today so a user who thinks in offsets finds theirs.
 */
export const TimeZoneWidget = ({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  placeholder,
  htmlName,
}: WidgetProps) => {
  const options = useMemo(() => {
    const now = new Date();
    return timeZones().map((zone) => ({ value: zone, label: `${zone} (${utcOffset(now, zone)})` }));
  }, []);
  return (
    <Select
      id={id}
      {...{ name: htmlName || id }}
      value={value ?? undefined}
      options={options}
      showSearch
      optionFilterProp="label"
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
