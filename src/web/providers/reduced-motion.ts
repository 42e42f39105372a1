import { useSyncExternalStore } from 'react';

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3): then no dialog zooms, no
 * drawer slides and no bar grows. Followed live, as the setting may change while a screen is open.
 */
const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined);

const subscribe = (changed: () => void) => {
  const list = media();
  list?.addEventListener('change', changed);
  return () => list?.removeEventListener('change', changed);
};

export const useReducedMotion = () => useSyncExternalStore(subscribe, () => media()?.matches ?? false);
