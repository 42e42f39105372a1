import { describe, expect, it } from 'vitest';
import { idempotencyKey } from '../../src/web/providers/idempotency-keys';

/** Issue 41: the web app's key for a POST lives while its outcome is unknown, and a moment after. */
describe("a POST's Idempotency-Key", () => {
  it('is the same for a retry of a request never answered, however late', () => {
    const first = idempotencyKey('/orders', { a: 1 }, 1_000);
    expect(idempotencyKey('/orders', { a: 1 }, 1_000 + 30 * 60_000).key).toBe(first.key);
  });

  it('is the same for a double click, and new for the same request made again later', () => {
    const first = idempotencyKey('/inventory/inbounds/7/confirm', { day: '2026-12-01' }, 0);
    first.answered();
    const now = Date.now();
    expect(idempotencyKey('/inventory/inbounds/7/confirm', { day: '2026-12-01' }, now + 1_000).key).toBe(first.key);
    expect(idempotencyKey('/inventory/inbounds/7/confirm', { day: '2026-12-01' }, now + 10_000).key).not.toBe(
      first.key,
    );
  });

  it('differs between requests', () => {
    const one = idempotencyKey('/organizations/suppliers', { name: 'A' });
    expect(idempotencyKey('/organizations/suppliers', { name: 'B' }).key).not.toBe(one.key);
    expect(idempotencyKey('/organizations/buyers', { name: 'A' }).key).not.toBe(one.key);
  });
});
