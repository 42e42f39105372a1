import { useState } from 'react';
import { applyChanges, previewChanges, type ChangeRequest, type Plan } from './customizations';
import { PlanView } from './PlanView';
import { ReasonDialog } from './ReasonDialog';
import { useChanged } from './use-customizations';

/**
 * A change made from a button (remove or restore a field): `start` previews it and opens the plan
 * with the reason asked; applying is refused while the plan has problems.
 */
export function useConfirmedChange() {
  const changed = useChanged();
  const [pending, setPending] = useState<{ title: string; request: ChangeRequest; plan: Plan }>();
  const [starting, setStarting] = useState<string>();

  const start = async (title: string, request: ChangeRequest) => {
    setStarting(JSON.stringify(request));
    try {
      setPending({ title, request, plan: await previewChanges(request) });
    } finally {
      setStarting(undefined);
    }
  };
  const apply = async (reason: string) => {
    await applyChanges({ ...pending!.request, reason });
    setPending(undefined);
    await changed('applied');
  };
  /** Whether this request's preview is on its way: its button spins. */
  const isStarting = (request: ChangeRequest) => starting === JSON.stringify(request);

  const dialog = (
    <ReasonDialog
      open={!!pending}
      title={pending?.title ?? ''}
      onApply={apply}
      onClose={() => setPending(undefined)}
      blocked={!!pending?.plan.problems.length}
    >
      {pending && <PlanView plan={pending.plan} />}
    </ReasonDialog>
  );
  return {
    start: (title: string, request: ChangeRequest) => void start(title, request).catch(() => undefined),
    isStarting,
    dialog,
  };
}
