import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { siteTitle } from '../../domain/site-settings';
import { routeMeta } from './route-meta';
import { useViews, viewTitle } from './tags/tags-store';

/** Page title = translated route title (naming the record shown) + site title (SPEC 2); follows language changes. */
export const DocumentTitle = () => {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const name = useViews().find((v) => v.path === pathname)?.name;
  useEffect(() => {
    const site = siteTitle(i18n.language);
    const meta = routeMeta(pathname);
    document.title = meta ? `${viewTitle(t, meta.titleKey, name)} - ${site}` : site;
  }, [pathname, t, i18n.language, name]);
  return null;
};
