import { useMemo } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { timeZones, utcOffset, zoneName } from '../../../domain/time-zone';
import { optionalValueProps } from './select-props';

/**
 * A `time-zone` field: the IANA zones this browser knows, each with its name in the user's language
 * and its offset from UTC today, searchable by any of them (`Los_Angeles`, `太平洋`, `UTC-08`).
 */
export const TimeZoneWidget = (props: WidgetProps) => {
  const { i18n } = useTranslation();
  const options = useMemo(() => {
    const now = new Date();
    return timeZones().map((zone) => ({
      value: zone,
      label: `${zone} · ${zoneName(now, zone, i18n.language)} (${utcOffset(now, zone)})`,
    }));
  }, [i18n.language]);
  return <Select {...optionalValueProps(props)} options={options} showSearch optionFilterProp="label" />;
};
