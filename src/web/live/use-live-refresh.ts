import { useEffect, useRef } from 'react';
import { liveProvider } from './live-provider';

/** What the dashboards count and list: documents, stock (through them), products and customers. */
export const DASHBOARD_RESOURCES = [
  'inbounds',
  'outbounds',
  'orders',
  'deliveries',
  'shipments',
  'bills',
  'products',
  'organizations',
] as const;

/**
 * A hand-written screen that reads with its own queries (a dashboard's figures) reads again when
 * records of the resources it is made of change: once per stream message, however many of its
 * resources it names, and only while its page is shown (later otherwise, as Refine's lists).
 */
export function useLiveRefresh(resources: readonly string[], refresh: () => unknown) {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  const key = resources.join(',');
  useEffect(() => {
    let queued = false;
    const callback = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        void latest.current();
      });
    };
    const subscriptions = key
      .split(',')
      .map((name) => liveProvider.subscribe({ channel: `resources/${name}`, types: ['*'], callback }));
    return () => subscriptions.forEach((s) => liveProvider.unsubscribe(s));
  }, [key]);
}
