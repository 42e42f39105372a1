import { useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
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

/** Default theme colour #1890ff (SPEC 9); sizes and the settings panel are a later issue. */
const THEME = { token: { colorPrimary: '#1890ff' } };

export const App = () => {
  const { t, i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  const resources = useMemo(() => buildRefineResources(t), [t, i18n.language]);
  return (
    <BrowserRouter>
      <ConfigProvider theme={THEME} locale={locale}>
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
              title: { text: t('layout.siteTitle') },
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
