import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../domain/resource';
import { DATE_FORMAT } from '../../domain/format-date';

/** A range as the picker holds it: either end may be open. */
export type DayRange = [Dayjs | null, Dayjs | null];

export const isDateField = (schema: FieldSchema) => schema.format === 'date' || schema.format === 'date-time';

/**
 * The picked days as the list's `_gte` / `_lte` values: days for a date field; for a date-time
 * field the first and last instant of the user's local days, so "today" means their today.
 */
export const rangeBounds = (schema: FieldSchema, range: DayRange | undefined): [string?, string?] => {
  const [from, to] = range ?? [null, null];
  if (schema.format === 'date') return [from?.format(DATE_FORMAT), to?.format(DATE_FORMAT)];
  return [from?.startOf('day').toISOString(), to?.endOf('day').toISOString()];
};

/** The `_gte` / `_lte` values of the URL back as the picker's days. */
export const rangeOf = (gte: unknown, lte: unknown): DayRange | undefined => {
  const day = (v: unknown) => (typeof v === 'string' && dayjs(v).isValid() ? dayjs(v) : null);
  const range: DayRange = [day(gte), day(lte)];
  return range[0] || range[1] ? range : undefined;
};

/** Whole calendar periods, the week starting where the user's language starts it. */
const presets = (t: (key: string) => string) =>
  (
    [
      ['today', () => [dayjs().startOf('day'), dayjs().endOf('day')]],
      ['thisWeek', () => [dayjs().startOf('week'), dayjs().endOf('week')]],
      ['thisMonth', () => [dayjs().startOf('month'), dayjs().endOf('month')]],
      ['lastMonth', () => [dayjs().subtract(1, 'month').startOf('month'), dayjs().subtract(1, 'month').endOf('month')]],
    ] as const
  ).map(([key, value]) => ({ label: t(`table.presets.${key}`), value: value as () => [Dayjs, Dayjs] }));

/** A from/to filter on a date or date-time field: one range picker in the user's language. */
export const DateRangeFilter = ({
  value,
  onChange,
  testId,
}: {
  value?: DayRange;
  onChange?: (range: DayRange | undefined) => void;
  testId: string;
}) => {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      value={value}
      onChange={(range) => onChange?.(range ?? undefined)}
      allowEmpty={[true, true]}
      presets={presets(t)}
      placeholder={[t('table.from'), t('table.to')]}
      format={DATE_FORMAT}
      style={{ width: 240 }}
      data-testid={testId}
    />
  );
};
