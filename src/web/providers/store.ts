import { useSyncExternalStore } from 'react';

/** A tiny external store: state outside React that components read with useSyncExternalStore. */
export const createStore = <T>(initial: T) => {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: T | ((prev: T) => T)) {
      state = typeof next === 'function' ? (next as (prev: T) => T)(state) : next;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
};

export type Store<T> = ReturnType<typeof createStore<T>>;

export const useStore = <T>(store: Store<T>) => useSyncExternalStore(store.subscribe, store.get, store.get);
