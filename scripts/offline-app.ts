import { VitePWA } from 'vite-plugin-pwa';
import { ICON_SIZES } from './app-icons';

/** The answers the scan screen reads, kept for a week: the last read of each opens the screen offline. */
const SCAN_DATA = 'scan-data';

/**
 * The app as an installable web app whose scan screen opens with no network (issue 41): a web
 * manifest and a Workbox service worker (the scan screen registers it, in production builds only).
 * The worker keeps the app's code (precached, hashed names, a new build's worker takes over at once
 * and drops the old) and serves index.html for any page; it reads the scan screen's data network
 * first, its last answer when the network is away or too slow. The scan log itself is the app's
 * own (IndexedDB), not the worker's.
 */
export const offlineApp = () =>
  VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    strategies: 'generateSW',
    filename: 'sw.js',
    includeManifestIcons: false,
    manifest: {
      name: 'Logistics Back Office',
      short_name: 'Logistics',
      start_url: '/inventories/scan',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#1677ff',
      background_color: '#ffffff',
      icons: [
        ...ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' })),
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,wasm,png,webmanifest}'],
      // The charts and the Excel writer serve office pages, not the phone: 2.6 MB it need not fetch.
      globIgnores: ['**/plots-*.js', '**/exceljs*.js'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // The documents awaiting the warehouse (the chooser's list, a linked one by id), their
          // lines with the counts, an outbound's picks.
          urlPattern: ({ url }) =>
            /^\/api\/1\.0\/inventory\/(inbounds|outbounds)\/\d+\/(scans|picks)$/.test(url.pathname) ||
            (/^\/api\/1\.0\/inventory\/(inbounds|outbounds)$/.test(url.pathname) &&
              url.searchParams.get('status') === '3'),
          method: 'GET',
          handler: 'NetworkFirst',
          options: {
            cacheName: SCAN_DATA,
            networkTimeoutSeconds: 5,
            expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // getInfo is a POST, which the Cache API does not keep: its last answer is kept under a
          // GET named by a digest of the session's token, so it opens that session only, and only
          // when the server cannot be reached (an expired session is still told by the server).
          urlPattern: ({ url }) => url.pathname === '/api/1.0/system/users/getInfo',
          method: 'POST',
          handler: async ({ request }) => {
            const digest = await crypto.subtle.digest(
              'SHA-256',
              new TextEncoder().encode(request.headers.get('Authorization') ?? ''),
            );
            const session = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
            const key = `/api/1.0/system/users/getInfo?session=${session}`;
            const cache = await caches.open('session');
            try {
              const response = await fetch(request);
              const envelope = await response
                .clone()
                .json()
                .catch(() => undefined);
              if (response.ok && envelope?.code === 20000) await cache.put(key, response.clone());
              return response;
            } catch (error) {
              const kept = await cache.match(key);
              if (kept) return kept;
              throw error;
            }
          },
        },
      ],
    },
  });
