import { fileURLToPath } from 'node:url';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Libraries the browser build replaces with the smaller modules beside this file (each says why).
 * Exact names only: the server and the tests keep the real packages.
 */
export const standIns = [
  { find: /^side-channel$/, replacement: here('./side-channel.cjs') },
  { find: /^resize-observer-polyfill$/, replacement: here('./resize-observer.ts') },
  { find: /^(csv-parse\/sync|minimatch|buffer)$/, replacement: here('./casbin-imports.ts') },
];
