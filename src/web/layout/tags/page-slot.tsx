import { createStore, useStore } from '../../providers/store';

const slot = createStore<HTMLElement | null>(null);

/** Where the frame shows its pages: KeepAlive, outside the frame, renders them into it. */
export const PageSlot = () => <div ref={slot.set} />;

/** The frame's place for pages, while the frame is shown. */
export const usePageSlot = () => useStore(slot);
