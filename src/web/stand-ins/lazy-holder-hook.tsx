import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react';

type HolderHook<Args extends unknown[], Api> = (...args: Args) => readonly [Api, ReactElement];

/** Renders the real hook once its code is in, and hands its API to the calls waiting for it. */
const Holder = <Args extends unknown[], Api>({
  useReal,
  args,
  onReady,
}: {
  useReal: HolderHook<Args, Api>;
  args: Args;
  onReady: (api: Api) => void;
}) => {
  const [api, holder] = useReal(...args);
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
};

/**
 * An antd "API and context holder" hook (useModal, useNotification) whose code loads on the first
 * call rather than with the screen. `makeApi` builds the same API over `run`, which hands an
 * action the real API at once when it is loaded, or queues it and starts the load.
 */
export const lazyHolderHook = <Args extends unknown[], Api>(
  load: () => Promise<HolderHook<Args, Api>>,
  makeApi: (run: (action: (api: Api) => void) => void) => Api,
) => {
  let loading: Promise<HolderHook<Args, Api>> | undefined;
  return function useLazyHolderHook(...args: Args): readonly [Api, ReactElement] {
    const [useReal, setUseReal] = useState<HolderHook<Args, Api>>();
    const [state] = useState(() => ({ api: undefined as Api | undefined, waiting: [] as ((api: Api) => void)[] }));
    const api = useMemo(
      () =>
        makeApi((action) => {
          if (state.api) return action(state.api);
          state.waiting.push(action);
          void (loading ??= load()).then((hook) => setUseReal(() => hook));
        }),
      [state],
    );
    const onReady = useCallback(
      (real: Api) => {
        state.api = real;
        for (const action of state.waiting.splice(0)) action(real);
      },
      [state],
    );
    return [api, useReal ? <Holder useReal={useReal} args={args} onReady={onReady} /> : <></>];
  };
};
