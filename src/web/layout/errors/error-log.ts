import { createStore, useStore } from '../../providers/store';

/** Runtime errors of this browser session, for the error log dialog (SPEC 8). */
export interface ErrorLogEntry {
  message: string;
  info: string;
  url: string;
  stack: string;
  time: number;
}

const LIMIT = 50;

export const errorLogStore = createStore<ErrorLogEntry[]>([]);
export const useErrorLog = () => useStore(errorLogStore);

export const logError = (error: unknown, info: string) => {
  const err = error instanceof Error ? error : new Error(String(error ?? 'Unknown error'));
  const entry = { message: err.message, info, url: window.location.href, stack: err.stack ?? '', time: Date.now() };
  errorLogStore.set((list) => [entry, ...list].slice(0, LIMIT));
};

export const clearErrorLog = () => errorLogStore.set([]);

// Chromium reports these layout notices as errors; they are harmless and antd triggers them often.
const NOISE = /^ResizeObserver loop/;

/** Errors are collected in production builds only (SPEC 9); in development the console shows them. */
export const collectErrors = import.meta.env.PROD;

export const installErrorListeners = () => {
  if (!collectErrors) return;
  window.addEventListener('error', (e) => {
    if (NOISE.test(e.message)) return;
    logError(e.error ?? e.message, `window error at ${e.filename || '?'}:${e.lineno}:${e.colno}`);
  });
  window.addEventListener('unhandledrejection', (e) => logError(e.reason, 'unhandled promise rejection'));
};
