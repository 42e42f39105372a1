import { useEffect, useRef } from 'react';

/**
 * Installs the app's service worker (scripts/offline-app.ts) from the scan screen: the phone that
 * scans then opens it with no network, and office browsers that never scan fetch nothing more.
 * Production builds only: under the development server modules change beneath a worker's cache.
 * The first visit's reads went past the worker, which did not control the page yet: once it takes
 * control, `warm` reads them again through it, so that the next start finds them with no network.
 */
export function useOfflineApp(warm: () => unknown) {
  const latest = useRef(warm);
  useEffect(() => {
    latest.current = warm;
  });
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const workers = navigator.serviceWorker;
    const controlled = () => void latest.current();
    if (!workers.controller) workers.addEventListener('controllerchange', controlled, { once: true });
    // Never from the HTTP cache (the server keeps its files an hour): a new build's worker is seen at once.
    workers.register('/sw.js', { updateViaCache: 'none' }).catch(() => undefined);
    return () => workers.removeEventListener('controllerchange', controlled);
  }, []);
}
