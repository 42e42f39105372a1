/**
 * Strict ISO 8601 checks for what reaches a date or timestamp column. `Date.parse` alone lets
 * "2026" and "2026-02-30" through, which PostgreSQL then refuses with a 500.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** A calendar day written YYYY-MM-DD (no 30 February, no month 13). */
export const isIsoDate = (text: string): boolean => {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
};

/** A day, or a day and a time of day with an optional zone (`2026-11-01T08:30:00+08:00`). */
export const isIsoDateTime = (text: string): boolean => {
  const m = DATE_TIME.exec(text);
  if (!m || !isIsoDate(m[1])) return false;
  const [hour, minute, second, zoneHour, zoneMinute] = [m[2], m[3], m[4], m[6], m[7]].map((v) => Number(v ?? 0));
  return hour < 24 && minute < 60 && second < 60 && zoneHour < 15 && zoneMinute < 60;
};
