import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';
import { lazyHolderHook } from './lazy-holder-hook';

/**
 * antd's useNotification as its <App> calls it (redirected in redirects.ts): the notices' code
 * (3.5 KB gzip) loads with the first notice rather than with every screen; we show toasts
 * (message) instead, so it may never load.
 */
export default lazyHolderHook<[config?: NotificationConfig], NotificationInstance>(
  () => import('antd/es/notification/useNotification').then((module) => module.default),
  (run) => ({
    open: (args) => run((api) => api.open(args)),
    success: (args) => run((api) => api.success(args)),
    error: (args) => run((api) => api.error(args)),
    info: (args) => run((api) => api.info(args)),
    warning: (args) => run((api) => api.warning(args)),
    destroy: (key) => run((api) => api.destroy(key)),
  }),
);
