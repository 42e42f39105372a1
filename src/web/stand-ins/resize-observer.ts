/**
 * resize-observer-polyfill in the browser build (aliased in vite.config.ts): antd's components
 * import it for browsers that lacked ResizeObserver; every browser we support has it natively,
 * and the polyfill weighed 3 KB gzip of the login page's first load.
 */
export default globalThis.ResizeObserver;
