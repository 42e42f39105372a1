/**
 * Days in a business's time zone: a warehouse in Los Angeles receiving at 17:00 is still on its own
 * day while UTC has moved to the next. Zones are IANA names, checked against the list this runtime
 * knows (Node's on the server, the browser's in forms), which is also what the select offers.
 */

let known: Set<string> | undefined;

export const timeZones = (): string[] => Intl.supportedValuesOf('timeZone');

export const isTimeZone = (value: unknown): value is string =>
  typeof value === 'string' && (known ??= new Set(timeZones())).has(value);

/**
 * Whether days can be reckoned in the zone at all: the listed names and the aliases Intl also
 * accepts (UTC, Asia/Calcutta), as a browser may name its own zone either way.
 */
export const canReckonIn = (value: unknown): value is string => {
  if (typeof value !== 'string' || !value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function localDay(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes year, month and day as YYYY-MM-DD; the parts are read by type regardless.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The zone's offset from UTC at an instant, as `UTC+08:00` (daylight saving moves it). */
export function utcOffset(instant: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')!.value;
  return name === 'GMT' ? 'UTC+00:00' : name.replace('GMT', 'UTC');
}

/** The zone's name in a language, as people say it (`Pacific Time`, `北美太平洋时间`), not its IANA key. */
export function zoneName(instant: Date, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')!.value;
}
