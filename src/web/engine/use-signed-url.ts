import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { requestSignedUrl, signedUrlOf, storedPath, subscribe } from './signed-urls';

/**
 * The URL to paint a stored image value with. An image under /oss is only served by a signed URL
 * (an <img> sends no session): undefined while it is being signed, null when the server gave none.
 * Anything else (an external URL) is painted as it is.
 */
export function useSignedUrl(value: unknown): string | null | undefined {
  const text = typeof value === 'string' && value ? value : undefined;
  const path = text ? storedPath(text) : undefined;
  const snapshot = useCallback(() => (path ? signedUrlOf(path) : text), [path, text]);
  const url = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    if (path) requestSignedUrl(path);
  }, [path]);
  return url;
}
