import { API_BASE, request } from '../providers/http';
import { getToken } from '../providers/token';

/** What a record stores for an image: the `url` /oss/upload answered, this and the path. */
const FILES = `${API_BASE}/oss/files/`;
/** The server's limit of paths per /oss/sign call. */
const BATCH = 200;
/** Signed again this long before expiry, so an image painted late still loads. */
const MARGIN_MS = 60_000;
/** After a failed call: painted without a picture for a while rather than asked again at once. */
const RETRY_MS = 30_000;

/** null: the server gave no URL (no right to read it, or the call failed). */
type Entry = { url: string | null; until: number };

const cache = new Map<string, Entry>();
const queued = new Set<string>();
const asking = new Set<string>();
const listeners = new Set<() => void>();
let flushing: ReturnType<typeof setTimeout> | undefined;

/** The stored path of an image served by /oss, or undefined for anything else (external URLs). */
export const storedPath = (value: string) =>
  value.startsWith(FILES) ? value.slice(FILES.length).split(/[?#]/)[0] || undefined : undefined;

// Per session: a user signed in after another in the same tab never reuses the other's URLs.
const keyOf = (path: string) => `${getToken() ?? ''}\n${path}`;
const pathOf = (key: string) => key.slice(key.indexOf('\n') + 1);

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The signed URL known for a path: a string, null when refused, undefined while not asked yet. */
export const signedUrlOf = (path: string) => cache.get(keyOf(path))?.url;

/**
 * Asks for a URL unless a fresh one is known. Every path asked for before the next task (one
 * render pass of a list) goes to the server in one /oss/sign call.
 */
export function requestSignedUrl(path: string) {
  const key = keyOf(path);
  const known = cache.get(key);
  if ((known && known.until - MARGIN_MS > Date.now()) || queued.has(key) || asking.has(key)) return;
  queued.add(key);
  flushing ??= setTimeout(() => void flush(), 0);
}

async function flush() {
  flushing = undefined;
  const keys = [...queued];
  queued.clear();
  for (const key of keys) asking.add(key);
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH);
    try {
      const { urls, expires } = await request<{ urls: (string | null)[]; expires: number }>('/oss/sign', {
        method: 'POST',
        body: { paths: batch.map(pathOf) },
        silent: true,
        notify: false,
      });
      batch.forEach((key, n) => cache.set(key, { url: urls[n] ?? null, until: expires * 1000 }));
    } catch {
      for (const key of batch)
        if (!cache.has(key)) cache.set(key, { url: null, until: Date.now() + MARGIN_MS + RETRY_MS });
    } finally {
      for (const key of batch) asking.delete(key);
    }
    for (const listener of listeners) listener();
  }
}
