import { lazy, Suspense, useMemo } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ConfigProvider, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAntdLocale } from './providers/antd-locale';
import { GlobalLoading } from './layout/GlobalLoading';
import { MessageHost } from './layout/MessageHost';
import { PageLoading } from './layout/PageLoading';
import { installErrorListeners } from './layout/errors/error-log';
import { useLayoutSettings } from './providers/layout-settings';
import { antdSizeOf, useSize } from './providers/size';
import { LoginRoute } from './pages/LoginRoute';

installErrorListeners();

// The login page is the first screen of most visits: Refine, the layout, the resources and the
// access rules load only past it (or with the first signed-in page opened directly).
const SignedInApp = lazy(() => import('./SignedInApp'));

export const App = () => {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  // Theme colour (settings panel) and component size (size selector) apply to every antd component.
  const { theme: colorPrimary } = useLayoutSettings();
  const { componentSize, compact } = antdSizeOf(useSize());
  const antdTheme = useMemo(() => ({ token: { colorPrimary }, algorithm: compact ? theme.compactAlgorithm : undefined }), [colorPrimary, compact]);
  return (
    <BrowserRouter>
      <ConfigProvider theme={antdTheme} componentSize={componentSize} locale={locale}>
        <GlobalLoading />
        <Routes>
          <Route
            path="/login"
            element={
              <>
                <MessageHost />
                <LoginRoute />
              </>
            }
          />
          <Route
            path="*"
            element={
              <Suspense fallback={<PageLoading />}>
                <SignedInApp />
              </Suspense>
            }
          />
        </Routes>
      </ConfigProvider>
    </BrowserRouter>
  );
};
