import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';

export const DATE = 'YYYY-MM-DD';

/**
 * A report's filters kept in the URL (SPEC 9: shareable, kept by the tab and by a reload): values
 * are read as strings, an empty one removes its parameter, and the period defaults to last month.
 */
export const useReportQuery = <K extends string>(defaults: Partial<Record<K, string>> = {}) => {
  const [params, setParams] = useSearchParams();
  const fallback: Record<string, string> = {
    from: dayjs().subtract(1, 'month').format(DATE),
    to: dayjs().format(DATE),
    ...defaults,
  };
  const get = (key: K | 'from' | 'to'): string | undefined => params.get(key) ?? fallback[key];
  const set = (changes: Partial<Record<K | 'from' | 'to', string | number | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: true },
    );
  return { get, set, params };
};

/** The query the API is asked with: every filter that holds a value. */
export const apiQuery = <K extends string>(get: (key: K) => string | undefined, keys: K[]): Record<string, string> =>
  Object.fromEntries(keys.map((k) => [k, get(k)]).filter((e): e is [K, string] => e[1] !== undefined && e[1] !== ''));
