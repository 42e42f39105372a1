import { useState } from 'react';

/**
 * A button's job: `busy` while one runs (its loading state), `run` to start one. A failure is the
 * caller's to handle, after the busy state is over.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async <T>(job: () => Promise<T>) => {
    setBusy(true);
    try {
      return await job();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
