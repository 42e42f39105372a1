/**
 * The webhook delivery rules of issue 26, shared by the dispatcher and the screens that explain
 * them: when a failed delivery is tried again, when it is given up, when an endpoint is switched off.
 */

/**
 * A delivery's state: waiting for (another) attempt, answered 2xx, given up, or held while its
 * endpoint is switched off (pending again, due at once, when it is switched back on).
 */
export const DeliveryStatus = { pending: 0, delivered: 1, failed: 2, paused: 3 } as const;

/** Why an endpoint was switched off by the dispatcher (null: by a person, or not at all). */
export const DisabledReason = { gone: 1, failing: 2 } as const;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The wait before the next attempt after the n-th failed one (1-based): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then daily. */
const BACKOFF_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];

/** The first seven attempts span 17.6 hours; three daily ones after them make the three days and more. */
export const MAX_ATTEMPTS = 10;

/** An endpoint failing this long without one success is switched off, and its organization told. */
export const FAILING_LIMIT_MS = 3 * DAY;

/** A receiver's Retry-After is honoured up to this. */
const RETRY_AFTER_CAP_MS = DAY;

/**
 * When to try again after `attempts` failed attempts, or null to give up. A Retry-After later than
 * the schedule's wait is honoured.
 */
export function retryDelayMs(attempts: number, retryAfterMs?: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const scheduled = BACKOFF_MS[attempts - 1] ?? DAY;
  return Math.max(scheduled, Math.min(retryAfterMs ?? 0, RETRY_AFTER_CAP_MS));
}

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: Date): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * SECOND;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
