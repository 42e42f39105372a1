import { useEffect, useRef } from 'react';
import { liveProvider } from '../../live/live-provider';

/**
 * Calls `refresh` when the live stream says a record of `resource` changed: this one, or more than
 * the stream names (a reset after a dropped connection). Other phones' scans of the document the
 * worker has open arrive so (inbound.scanned), and none of the others' documents.
 */
export function useLiveRecord(resource: string, id: number | undefined, refresh: () => unknown) {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    if (id === undefined) return;
    const subscription = liveProvider.subscribe({
      channel: `resources/${resource}`,
      types: ['*'],
      callback: (event) => {
        const ids = (event.payload.ids ?? []).map(String);
        if (event.type === '*' || event.payload.more || ids.includes(String(id))) void latest.current();
      },
    });
    return () => liveProvider.unsubscribe(subscription);
  }, [resource, id]);
}
