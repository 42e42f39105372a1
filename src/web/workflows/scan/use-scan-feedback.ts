import { useCallback, useState } from 'react';
import type { Said } from './ScanFeedback';
import { signal, type Outcome } from './signal';

/** Says a scan's outcome on screen, by sound and by vibration at once. */
export function useScanFeedback() {
  const [said, setSaid] = useState<Said>();
  const say = useCallback((outcome: Outcome, text: string) => {
    signal(outcome);
    setSaid({ outcome, text });
  }, []);
  return { said, say, clear: () => setSaid(undefined) };
}
