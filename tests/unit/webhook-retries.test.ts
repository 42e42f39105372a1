import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, parseRetryAfter, retryDelayMs } from '../../src/domain/webhooks';

describe('webhook retries', () => {
  it('wait 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then a day, and give up after three days and more', () => {
    const waits = Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelayMs(i + 1));
    expect(waits).toEqual([5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 864e5, 864e5, 864e5, null]);
    const span = waits.reduce<number>((sum, w) => sum + (w ?? 0), 0);
    expect(span).toBeGreaterThan(3 * 864e5);
  });

  it('honour a later Retry-After, up to a day', () => {
    expect(retryDelayMs(1, 60_000)).toBe(60_000);
    expect(retryDelayMs(2, 60_000)).toBe(3e5);
    expect(retryDelayMs(1, 30 * 864e5)).toBe(864e5);
  });

  it('read Retry-After in seconds or as a date', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
