import { describe, expect, it } from 'vitest';
import { canReckonIn, isTimeZone, localDay, timeZones, utcOffset, zoneName } from '../../src/domain/time-zone';

describe('localDay', () => {
  it("is the zone's calendar day either side of its midnight, whatever UTC's day", () => {
    expect(localDay(new Date('2026-11-27T07:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-26');
    expect(localDay(new Date('2026-11-27T08:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-27');
    expect(localDay(new Date('2026-11-26T15:30:00Z'), 'Asia/Shanghai')).toBe('2026-11-26');
    expect(localDay(new Date('2026-11-26T16:30:00Z'), 'Asia/Shanghai')).toBe('2026-11-27');
  });

  it('follows daylight saving: midnight in Los Angeles is 07:00 UTC in summer', () => {
    expect(localDay(new Date('2026-07-01T06:30:00Z'), 'America/Los_Angeles')).toBe('2026-06-30');
    expect(localDay(new Date('2026-07-01T07:30:00Z'), 'America/Los_Angeles')).toBe('2026-07-01');
  });
});

describe('zone names', () => {
  it('accepts the IANA names the runtime lists, and nothing else, for a stored zone', () => {
    expect(timeZones()).toContain('America/Los_Angeles');
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('america/los_angeles')).toBe(false);
    expect(isTimeZone(8)).toBe(false);
  });

  it("reckons in a browser's own name for its zone, aliases included, but not in a made-up one", () => {
    expect(canReckonIn('UTC')).toBe(true);
    expect(canReckonIn('America/Los_Angeles')).toBe(true);
    expect(canReckonIn('Nowhere/Atlantis')).toBe(false);
    expect(canReckonIn('')).toBe(false);
    expect(canReckonIn(undefined)).toBe(false);
  });

  it('writes the offset from UTC of the moment', () => {
    expect(utcOffset(new Date('2026-11-27T00:00:00Z'), 'America/Los_Angeles')).toBe('UTC-08:00');
    expect(utcOffset(new Date('2026-07-01T00:00:00Z'), 'America/Los_Angeles')).toBe('UTC-07:00');
    expect(utcOffset(new Date('2026-07-01T00:00:00Z'), 'Asia/Kathmandu')).toBe('UTC+05:45');
    expect(utcOffset(new Date('2026-07-01T00:00:00Z'), 'Africa/Abidjan')).toBe('UTC+00:00');
  });

  it("names a zone in the user's language", () => {
    const winter = new Date('2026-11-27T00:00:00Z');
    expect(zoneName(winter, 'America/Los_Angeles', 'en')).toBe('Pacific Time');
    expect(zoneName(winter, 'America/Los_Angeles', 'zh')).toBe('北美太平洋时间');
    expect(zoneName(winter, 'America/Los_Angeles', 'es')).toBe('hora del Pacífico');
    expect(zoneName(winter, 'America/Los_Angeles', 'ja')).toBe('米国太平洋時間');
  });
});
