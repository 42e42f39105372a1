import { useEffect, useMemo } from 'react';
import { App as AntdApp } from 'antd';
import { Refine, RouteChangeHandler } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useTranslation } from 'react-i18next';
import { accessControlProvider } from './providers/access-control';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18nProvider } from './providers/i18n';
import { liveProvider, onStreamChange } from './live/live-provider';
import { TellShownPage } from './live/TellShownPage';
import './providers/dayjs-locale';
import { notificationProvider } from './providers/notification-provider';
import { queryClient } from './providers/query-client';
import { buildRefineResources } from './refine-resources';
import { AppRoutes } from './routes';
import { ExtensionsContext } from './engine/detail-extensions';
import { workflowExtensions } from './workflows';
import { DocumentTitle } from './layout/DocumentTitle';
import { KeepAlive } from './layout/tags/KeepAlive';
import { LiveLocation } from './providers/router';
import { FeedbackBridge } from './layout/FeedbackBridge';
import { siteTitle } from '../domain/site-settings';
import { reloadCustomizations, useDeclarations } from './customize-runtime';

/** Every screen but the login page: Refine over the resources, the guarded routes and the frame. */
const SignedInApp = () => {
  const { t, i18n } = useTranslation();
  // react-i18next hands out a new `t` when the language changes, so titles follow it.
  const declarations = useDeclarations();
  const resources = useMemo(() => buildRefineResources(t, declarations.resources), [t, declarations]);
  // An admin's customizations (issue 40): read after sign-in and again whenever the window is
  // looked at and when the live stream tells of a new version. Offline, the shipped shape serves.
  useEffect(() => {
    const reload = () => void reloadCustomizations().catch(() => undefined);
    reload();
    window.addEventListener('focus', reload);
    const stop = onStreamChange('customizations', reload);
    return () => {
      window.removeEventListener('focus', reload);
      stop();
    };
  }, []);
  // antd's <App> (message, modal, notification in the theme and language) lives here, not around
  // the login page, whose first load it would weigh (issue 13).
  return (
    <AntdApp>
      <FeedbackBridge />
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        i18nProvider={i18nProvider}
        liveProvider={liveProvider}
        notificationProvider={notificationProvider}
        resources={resources}
        options={{
          syncWithLocation: true,
          warnWhenUnsavedChanges: false,
          mutationMode: 'pessimistic',
          disableTelemetry: true,
          // Lists, records and dashboards read again within a second of anyone's change (issue 26).
          liveMode: 'auto',
          reactQuery: { clientConfig: queryClient },
          title: { text: siteTitle(i18n.language) },
          // The header's breadcrumb already names the page and its record: lists, details and
          // forms show no second one of Refine's.
          breadcrumb: false,
          // Its handler reads the location where Refine renders it, which is not the current one
          // there (providers/router.tsx): rendered below, under the current location, instead.
          disableRouteChangeHandler: true,
        }}
      >
        <ExtensionsContext.Provider value={workflowExtensions}>
          <LiveLocation>
            <AppRoutes />
            <DocumentTitle />
            <TellShownPage />
            <RouteChangeHandler />
          </LiveLocation>
          <KeepAlive />
        </ExtensionsContext.Provider>
      </Refine>
    </AntdApp>
  );
};

export default SignedInApp;
