import { beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  dateRangeShortcuts,
  formatDate,
  formatLocalDateTime,
  relativeTime,
  type RelativeKey,
} from '../../src/domain/format-date';
import { abbreviateNumber, formatAmount, priceUnitLabel, thumbnailUrl } from '../../src/domain/format-number';
import { siteSettings, siteTitle } from '../../src/domain/site-settings';

// Node re-reads TZ when it is assigned: local times are checked in a zone 8 hours east of UTC.
beforeAll(() => {
  process.env.TZ = 'Asia/Shanghai';
});

const words: Record<RelativeKey, string> = {
  justNow: 'just now',
  minutesAgo: '{n} minutes ago',
  hoursAgo: '{n} hours ago',
  oneDayAgo: '1 day ago',
};
const say = (key: RelativeKey, { count }: { count: number }) => words[key].replace('{n}', String(count));

describe('dates (SPEC 9)', () => {
  it('formats dates as YYYY-MM-DD, empty as empty', () => {
    expect(formatDate('2026-11-23T10:05:00')).toBe('2026-11-23');
    expect(formatDate(1764000000)).toBe(dayjs(1764000000 * 1000).format('YYYY-MM-DD'));
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2026-11-23 10:05:09', 'YYYY-MM-DD HH:mm:ss')).toBe('2026-11-23 10:05:09');
  });

  it('shows UTC times in local time as YYYY-MM-DD HH:mm', () => {
    expect(formatLocalDateTime('2026-11-23T20:05:00Z')).toBe('2026-11-24 04:05');
    expect(formatLocalDateTime('2026-11-23 20:05:00')).toBe('2026-11-24 04:05');
    expect(formatLocalDateTime(undefined)).toBe('');
  });

  it('tells relative time, and the date from two days on', () => {
    const now = new Date('2026-11-23T12:00:00Z').getTime();
    expect(relativeTime(now - 10_000, say, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, say, now)).toBe('5 minutes ago');
    expect(relativeTime(now - 3 * 3_600_000, say, now)).toBe('3 hours ago');
    expect(relativeTime(now - 30 * 3_600_000, say, now)).toBe('1 day ago');
    expect(relativeTime(now - 3 * 86_400_000, say, now)).toBe(dayjs(now - 3 * 86_400_000).format('YYYY-MM-DD'));
  });

  it('offers last week, last month and last 3 months', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const shortcuts = dateRangeShortcuts(now);
    expect(shortcuts.map((s) => s.key)).toEqual(['lastWeek', 'lastMonth', 'last3Months']);
    expect(shortcuts.map((s) => s.range[1].diff(s.range[0], 'day'))).toEqual([7, 30, 90]);
    expect(shortcuts[0].range[1].valueOf()).toBe(now.getTime());
  });
});

describe('numbers and money (SPEC 5, 9)', () => {
  it('abbreviates with k M G T P E', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(12_345)).toBe('12.3k');
    expect(abbreviateNumber(2_500_000)).toBe('2.5M');
    expect(abbreviateNumber(3e9)).toBe('3G');
    expect(abbreviateNumber(4.25e12, 2)).toBe('4.25T');
    expect(abbreviateNumber(5e15)).toBe('5P');
    expect(abbreviateNumber(6e18)).toBe('6E');
  });

  it('shows amounts with 2 decimals and the currency label', () => {
    expect(formatAmount(12.5, 'USD')).toBe('12.50 USD');
    expect(formatAmount('0.125', 'CNY')).toBe('0.13 CNY');
    expect(formatAmount(3)).toBe('3.00');
    expect(formatAmount(null, 'USD')).toBe('');
  });

  it('labels the price unit: piece per language for type 1, else the quantity unit', () => {
    expect(priceUnitLabel(1, 'zh')).toBe('件');
    expect(priceUnitLabel(1, 'en')).toBe('pc');
    expect(priceUnitLabel(1, 'es')).toBe('ud.');
    expect(priceUnitLabel(1, 'ja')).toBe('件');
    expect(priceUnitLabel(2, 'en', 'kg')).toBe('kg');
  });
});

describe('image thumbnails (SPEC 9)', () => {
  it('resizes to width 50 through the query and prefixes relative paths with the image host', () => {
    expect(thumbnailUrl('products/2026-11/a.png')).toBe(
      `${siteSettings.imageHost}/products/2026-11/a.png?x-oss-process=image/resize,w_50`,
    );
    expect(thumbnailUrl('https://cdn.example/a.png?v=2', 80)).toBe(
      'https://cdn.example/a.png?v=2&x-oss-process=image/resize,w_80',
    );
    expect(thumbnailUrl('/x.png', 50, 'https://img.example/')).toBe(
      'https://img.example/x.png?x-oss-process=image/resize,w_50',
    );
    expect(thumbnailUrl('')).toBe('');
  });
});

describe('site settings (DESIGN 8)', () => {
  it('has a site title per language, English as the fallback', () => {
    expect(siteTitle('en')).toBe('Logistics Back Office');
    expect(siteTitle('fr')).toBe('Logistics Back Office');
    expect(siteTitle('zh')).toBeTruthy();
  });
});
