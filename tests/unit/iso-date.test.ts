import { describe, expect, it } from 'vitest';
import { isIsoDate, isIsoDateTime } from '../../src/domain/iso-date';

describe('ISO date checks', () => {
  it('take calendar days only', () => {
    for (const day of ['2026-11-01', '2028-02-29', '1999-12-31']) expect(isIsoDate(day)).toBe(true);
    for (const bad of ['2026', '2026-02-30', '2027-02-29', '2026-13-01', '2026-00-10', '2026-1-1', ' 2026-11-01'])
      expect(isIsoDate(bad)).toBe(false);
  });

  it('take a day, or a day and a time with an optional zone', () => {
    for (const time of ['2026-11-01', '2026-11-01T08:30', '2026-11-01 08:30:15', '2026-11-01T08:30:15.123Z'])
      expect(isIsoDateTime(time)).toBe(true);
    expect(isIsoDateTime('2026-11-01T23:59:59.999999+08:00')).toBe(true);
    for (const bad of ['2026', '2026-11-01T24:00', '2026-11-01T08:60', '2026-02-30T00:00', '2026-11-01T08', 'now'])
      expect(isIsoDateTime(bad)).toBe(false);
  });
});
