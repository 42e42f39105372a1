import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { siteTitle } from '../../domain/site-settings';
import { routeMeta } from './route-meta';

/** Page title = translated route title + site title (SPEC 2); follows language changes. */
export const DocumentTitle = () => {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const site = siteTitle(i18n.language);
    const meta = routeMeta(pathname);
    document.title = meta ? `${t(meta.titleKey)} - ${site}` : site;
  }, [pathname, t, i18n.language]);
  return null;
};
