import type { ConfigOptions, MessageInstance, MessageType, TypeOpen } from 'antd/es/message/interface';
import { lazyHolderHook } from './lazy-holder-hook';

/**
 * A message API over `run` (see lazyHolderHook): each call returns at once a handle that closes
 * the real toast, or answers its promise, once the toast is shown.
 */
export const lazyMessageApi = (run: (action: (api: MessageInstance) => void) => void): MessageInstance => {
  const show = (call: (api: MessageInstance) => MessageType): MessageType => {
    let real: MessageType | undefined;
    let closed = false;
    // Settled with the real toast, a thenable: it resolves as that toast closes.
    let shown!: (real: MessageType) => void;
    const gone = new Promise<boolean>((resolve) => (shown = resolve));
    run((api) => {
      real = call(api);
      if (closed) real();
      shown(real);
    });
    const close = () => {
      closed = true;
      real?.();
    };
    return Object.assign(close, { then: ((...handlers) => gone.then(...handlers)) as MessageType['then'] });
  };
  const typed =
    (type: 'info' | 'success' | 'error' | 'warning' | 'loading'): TypeOpen =>
    (...args) =>
      show((api) => api[type](...args));
  return {
    info: typed('info'),
    success: typed('success'),
    error: typed('error'),
    warning: typed('warning'),
    loading: typed('loading'),
    open: (args) => show((api) => api.open(args)),
    destroy: (key) => run((api) => api.destroy(key)),
  };
};

/**
 * antd's useMessage as its <App> and our login page's MessageHost call it (the first redirected
 * in redirects.ts): the toasts' code (5 KB gzip) loads with the first toast rather than with
 * every first load.
 */
export default lazyHolderHook<[config?: ConfigOptions], MessageInstance>(
  () => import('antd/es/message/useMessage').then((module) => module.default),
  lazyMessageApi,
);
