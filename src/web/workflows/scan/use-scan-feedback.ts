import { useCallback, useRef, useState } from 'react';
import type { Said } from './ScanFeedback';
import { signal, type Outcome } from './signal';

/**
 * Says a scan's outcome on screen, by sound and by vibration at once. `say` answers a number by
 * which `amend` may later tell more of that scan (a refused SKU's title once the server named it),
 * unless another scan was said meanwhile.
 */
export function useScanFeedback() {
  const [said, setSaid] = useState<Said>();
  const count = useRef(0);
  const say = useCallback((outcome: Outcome, text: string) => {
    signal(outcome);
    const seq = ++count.current;
    setSaid({ outcome, text, seq });
    return seq;
  }, []);
  const amend = useCallback((seq: number, text: string) => {
    setSaid((current) => (current?.seq === seq ? { ...current, text } : current));
  }, []);
  return { said, say, amend, clear: () => setSaid(undefined) };
}
