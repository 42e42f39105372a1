import { useState } from 'react';
import { previewChanges, type ChangeRequest, type Plan } from './customizations';

/**
 * The preview of a dialog's change, kept with the request it was made for: apply previews again
 * when the form changed since, so what is applied is always what was checked.
 */
export function usePlan() {
  const [planned, setPlanned] = useState<{ key: string; plan: Plan }>();
  const [previewing, setPreviewing] = useState(false);
  const preview = async (request: ChangeRequest) => {
    setPreviewing(true);
    try {
      const plan = await previewChanges(request);
      setPlanned({ key: JSON.stringify(request), plan });
      return plan;
    } finally {
      setPreviewing(false);
    }
  };
  /** The plan of this request: the one shown if it is for the same, else a new preview. */
  const checked = (request: ChangeRequest) =>
    planned?.key === JSON.stringify(request) ? Promise.resolve(planned.plan) : preview(request);
  const clear = () => setPlanned(undefined);
  return { plan: planned?.plan, previewing, preview, checked, clear };
}
