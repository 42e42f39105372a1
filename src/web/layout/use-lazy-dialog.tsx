import { Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';

/** A dialog told whether it is open and how to close itself. */
export type DialogProps = { open: boolean; setOpen: (open: boolean) => void };

/**
 * A dialog whose code is fetched at its first opening: `show` opens it, `dialog` is what to render.
 * Mounted from the first opening on, so closing it still animates.
 */
export function useLazyDialog(Dialog: LazyExoticComponent<ComponentType<DialogProps>>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  const dialog = used && (
    <Suspense fallback={null}>
      <Dialog open={open} setOpen={setOpen} />
    </Suspense>
  );
  return { show, dialog };
}
