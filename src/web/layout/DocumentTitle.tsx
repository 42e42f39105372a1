import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { resources } from '../../../resources';
import { screenPaths } from '../../domain/resource';
import { pageResources } from '../pages/page-resources';

const PUBLIC_TITLES: Record<string, string> = {
  '/login': 'login.title',
  '/404': 'pages.notFound.title',
  '/401': 'pages.unauthorized.title',
  '/auth-redirect': 'pages.authRedirect.title',
};

/** The translated title of the screen at `pathname`, or undefined for helper routes. */
export const routeTitle = (pathname: string, t: TFunction): string | undefined => {
  if (PUBLIC_TITLES[pathname]) return t(PUBLIC_TITLES[pathname]);
  const page = pageResources.find((p) => p.path === pathname);
  if (page) return t(`menu.${page.name}`);
  for (const r of resources) {
    const paths = screenPaths(r);
    // Static screens before `:id` so `/create` is not read as a record id.
    for (const action of ['list', 'create', 'edit', 'show'] as const) {
      if (matchPath({ path: paths[action], end: true }, pathname)) return t(`${r.name}.titles.${action}`);
    }
  }
  return undefined;
};

/** Page title = translated route title + site title (SPEC 2); follows language changes. */
export const DocumentTitle = () => {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const site = t('layout.siteTitle');
    const title = routeTitle(pathname, t);
    document.title = title ? `${title} - ${site}` : site;
  }, [pathname, t, i18n.language]);
  return null;
};
