import type { HookAPI, ModalFuncWithPromise } from 'antd/es/modal/useModal';
import { lazyHolderHook } from './lazy-holder-hook';

type Instance = ReturnType<ModalFuncWithPromise>;

/**
 * antd's useModal as its <App> calls it (redirected in redirects.ts): the confirm boxes' code
 * (Modal, rc-dialog, 11 KB gzip) loads with the first box opened rather than with every screen.
 * Each call returns at once a handle whose destroy, update and then reach the real box once it is
 * open.
 */
export default lazyHolderHook<[], HookAPI>(
  () => import('antd/es/modal/useModal').then((module) => module.default),
  (run) => {
    const method =
      (type: keyof HookAPI): ModalFuncWithPromise =>
      (config) => {
        let instance: Instance | undefined;
        const pending: ((instance: Instance) => void)[] = [];
        const later = (action: (instance: Instance) => void) =>
          instance ? action(instance) : void pending.push(action);
        run((api) => {
          instance = api[type](config);
          for (const action of pending.splice(0)) action(instance);
        });
        return {
          destroy: () => later((real) => real.destroy()),
          update: (next) => later((real) => real.update(next)),
          then: (resolve, reject) => new Promise((done) => later((real) => done(real.then(resolve, reject)))),
        };
      };
    return {
      info: method('info'),
      success: method('success'),
      error: method('error'),
      warning: method('warning'),
      confirm: method('confirm'),
    };
  },
);
