import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Date and time formats of SPEC 9. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const LOCAL_DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';

type TimeInput = ConfigType | null | undefined;

const blank = (v: TimeInput) => v === undefined || v === null || v === '';

// Unix timestamps in seconds (10 digits) appear in older APIs; milliseconds otherwise.
const toDayjs = (v: ConfigType) => dayjs(typeof v === 'number' && String(Math.trunc(v)).length === 10 ? v * 1000 : v);

/** A date or time in `format` (default YYYY-MM-DD); '' for empty or unreadable values. */
export const formatDate = (value: TimeInput, format = DATE_FORMAT) => {
  if (blank(value)) return '';
  const d = toDayjs(value);
  return d.isValid() ? d.format(format) : '';
};

/** A UTC time from the server (with or without a zone mark) in the browser's local time. */
export const formatLocalDateTime = (value: TimeInput, format = LOCAL_DATETIME_FORMAT) => {
  if (blank(value)) return '';
  const d = typeof value === 'string' ? dayjs.utc(value) : dayjs.utc(toDayjs(value));
  return d.isValid() ? d.local().format(format) : '';
};

export type RelativeKey = 'justNow' | 'minutesAgo' | 'hoursAgo' | 'oneDayAgo';

/**
 * "Just now", "n minutes ago", "n hours ago", "1 day ago" (SPEC 9); from two days on, the date
 * (DESIGN 8). Words come from the caller's translator so this stays free of i18n.
 */
export const relativeTime = (
  value: TimeInput,
  translate: (key: RelativeKey, vars: { count: number }) => string,
  now: ConfigType = Date.now(),
) => {
  if (blank(value)) return '';
  const then = toDayjs(value);
  if (!then.isValid()) return '';
  const seconds = (dayjs(now).valueOf() - then.valueOf()) / 1000;
  if (seconds < 30) return translate('justNow', { count: 0 });
  if (seconds < 3600) return translate('minutesAgo', { count: Math.ceil(seconds / 60) });
  if (seconds < 86400) return translate('hoursAgo', { count: Math.ceil(seconds / 3600) });
  if (seconds < 2 * 86400) return translate('oneDayAgo', { count: 1 });
  return then.format(DATE_FORMAT);
};

export type RangeShortcut = 'lastWeek' | 'lastMonth' | 'last3Months';

/** Date range picker shortcuts (SPEC 9): the last 7, 30 and 90 days up to now. */
export const dateRangeShortcuts = (now: ConfigType = Date.now()): { key: RangeShortcut; range: [Dayjs, Dayjs] }[] => {
  const end = dayjs(now);
  return [
    { key: 'lastWeek', range: [end.subtract(7, 'day'), end] },
    { key: 'lastMonth', range: [end.subtract(30, 'day'), end] },
    { key: 'last3Months', range: [end.subtract(90, 'day'), end] },
  ];
};
