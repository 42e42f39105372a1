/**
 * The Idempotency-Key each POST is sent with (issue 41): the server runs a key once and answers a
 * repeat with the first answer. The same request (path and body) reuses its key while its outcome
 * is unknown (still on its way, or lost to a timeout or a dead network: the retry must not do it
 * twice) and for a moment after an answer, so a double click sends one order; after that the same
 * request is a new one, as when someone adds two identical lines on purpose.
 */
const DOUBLE_CLICK_MS = 5_000;
/** An unknown outcome is retried within this, or never: the server keeps keys for 24 hours. */
const UNKNOWN_KEPT_MS = 3_600_000;

interface Kept {
  key: string;
  madeAt: number;
  answeredAt?: number;
}

const kept = new Map<string, Kept>();

const forget = (now: number) => {
  for (const [request, entry] of kept)
    if (entry.answeredAt ? now - entry.answeredAt > DOUBLE_CLICK_MS : now - entry.madeAt > UNKNOWN_KEPT_MS)
      kept.delete(request);
};

/** The key for this request, and how to say it was answered (a refusal is an answer too). */
export function idempotencyKey(url: string, body: unknown, now = Date.now()) {
  forget(now);
  const request = `${url}\n${JSON.stringify(body ?? null)}`;
  let entry = kept.get(request);
  if (!entry) kept.set(request, (entry = { key: crypto.randomUUID(), madeAt: now }));
  const mine = entry;
  return {
    key: mine.key,
    answered: () => {
      mine.answeredAt = Date.now();
    },
  };
}
