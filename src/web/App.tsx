import { useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { accessControlProvider } from './providers/access-control';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18nProvider } from './providers/i18n';
import { notificationProvider } from './providers/notification-provider';
import { queryClient } from './providers/query-client';
import { useAntdLocale } from './providers/antd-locale';
import { buildRefineResources } from './refine-resources';
import { AppRoutes } from './routes';
import { DocumentTitle } from './layout/DocumentTitle';
import { FeedbackBridge } from './layout/FeedbackBridge';
import { GlobalLoading } from './layout/GlobalLoading';
import { installErrorListeners } from './layout/errors/error-log';
import { useLayoutSettings } from './providers/layout-settings';
import { antdSizeOf, useSize } from './providers/size';
import { siteTitle } from '../domain/site-settings';

installErrorListeners();

export const App = () => {
  const { t, i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  const resources = useMemo(() => buildRefineResources(t), [t, i18n.language]);
  // Theme colour (settings panel) and component size (size selector) apply to every antd component.
  const { theme: colorPrimary } = useLayoutSettings();
  const { componentSize, compact } = antdSizeOf(useSize());
  const antdTheme = useMemo(() => ({ token: { colorPrimary }, algorithm: compact ? theme.compactAlgorithm : undefined }), [colorPrimary, compact]);
  return (
    <BrowserRouter>
      <ConfigProvider theme={antdTheme} componentSize={componentSize} locale={locale}>
        <AntdApp>
          <FeedbackBridge />
          <GlobalLoading />
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={notificationProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: false,
              mutationMode: 'pessimistic',
              disableTelemetry: true,
              reactQuery: { clientConfig: queryClient },
              title: { text: siteTitle(i18n.language) },
            }}
          >
            <AppRoutes />
            <DocumentTitle />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
};
