/**
 * The global loading indicator's state: the number of requests in flight that are not `silent`.
 * A tiny external store so the HTTP client can update it without React.
 */
let pending = 0;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((l) => l());

export const loadingStore = {
  start() {
    pending += 1;
    emit();
  },
  stop() {
    pending = Math.max(0, pending - 1);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => pending,
};
