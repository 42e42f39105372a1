import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE } from './use-report-query';

/** The period of a report with SPEC 9's shortcuts: last week, last month, last 3 months. */
export const DateRange = ({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange: (from?: string, to?: string) => void;
}) => {
  const { t } = useTranslation();
  const today = dayjs();
  const presets: { label: string; value: [Dayjs, Dayjs] }[] = [
    { label: t('reports.range.lastWeek'), value: [today.subtract(1, 'week'), today] },
    { label: t('reports.range.lastMonth'), value: [today.subtract(1, 'month'), today] },
    { label: t('reports.range.last3Months'), value: [today.subtract(3, 'month'), today] },
  ];
  return (
    <DatePicker.RangePicker
      data-testid="report-range"
      presets={presets}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(range) => onChange(range?.[0]?.format(DATE), range?.[1]?.format(DATE))}
    />
  );
};
