import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { ConfigProvider, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAntdLocale } from './providers/antd-locale';
import { GlobalLoading } from './layout/GlobalLoading';
import { MessageHost } from './layout/MessageHost';
import { PageLoading } from './layout/PageLoading';
import { installErrorListeners } from './layout/errors/error-log';
import { useLayoutSettings } from './providers/layout-settings';
import { readableTheme } from './providers/readable-theme';
import { useReducedMotion } from './providers/reduced-motion';
import { AppRouter, LiveLocation, useAtPath } from './providers/router';
import { antdSizeOf, useSize } from './providers/size';

installErrorListeners();

// The login page is the first screen of most visits: Refine, the layout, the resources and the
// access rules load only past it (or with the first signed-in page opened directly). The login
// form is a chunk of its own too: a signed-in screen opened directly never needs its inputs.
const SignedInApp = lazy(() => import('./SignedInApp'));

let LoadedLoginRoute: ComponentType | undefined;
const loadLoginRoute = () => import('./pages/LoginRoute').then(({ LoginRoute }) => (LoadedLoginRoute = LoginRoute));
const LazyLoginRoute = lazy(() => loadLoginRoute().then((route) => ({ default: route })));

/**
 * What the first render waits for besides the texts (main.tsx): opened at /login, the form's code,
 * fetched beside them, so the form shows at once rather than after a spinner.
 */
export const firstScreenReady: Promise<unknown> =
  window.location.pathname === '/login' ? loadLoginRoute() : Promise.resolve();

/**
 * The login route, rendered at once when its code came before the first render, lazily otherwise
 * (after a logout). Chosen once per mount: a load finishing later must not remount a typed form.
 */
const LoginScreen = () => {
  const [Route] = useState(() => LoadedLoginRoute ?? LazyLoginRoute);
  return <Route />;
};

/**
 * The login page or the signed-in app, chosen without a route: a route's context changes with
 * every URL, and the signed-in app's kept pages must be outside anything that does (router.tsx).
 */
const Screens = () =>
  useAtPath('/login') ? (
    <LiveLocation>
      <MessageHost />
      <Suspense fallback={<PageLoading />}>
        <LoginScreen />
      </Suspense>
    </LiveLocation>
  ) : (
    <Suspense fallback={<PageLoading />}>
      <SignedInApp />
    </Suspense>
  );

export const App = () => {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  // Theme colour (settings panel), component size (size selector) and the system's wish for less
  // motion apply to every antd component.
  const { theme: brand } = useLayoutSettings();
  const { componentSize, compact } = antdSizeOf(useSize());
  const still = useReducedMotion();
  const antdTheme = useMemo(() => {
    const readable = readableTheme(brand);
    return {
      ...readable,
      token: { ...readable.token, motion: !still },
      algorithm: compact ? theme.compactAlgorithm : undefined,
    };
  }, [brand, compact, still]);
  return (
    <AppRouter>
      <ConfigProvider theme={antdTheme} componentSize={componentSize} locale={locale}>
        <GlobalLoading />
        <Screens />
      </ConfigProvider>
    </AppRouter>
  );
};
