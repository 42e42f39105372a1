import { Breadcrumb, Grid } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { screenPaths } from '../../../domain/resource';
import { homePath } from '../../providers/session';
import { routeMeta } from '../route-meta';
import { useViews, viewTitle } from '../tags/tags-store';

/**
 * Home / group / list / screen, from the route meta and the resource's menu group; the screen names
 * its record. On a phone only the screen itself, so the trail is never clipped.
 */
export const Breadcrumbs = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const meta = routeMeta(pathname);
  const phone = !Grid.useBreakpoint().md;
  const name = useViews().find((v) => v.path === pathname)?.name;
  const home = homePath();
  const items: { title: React.ReactNode }[] = [];
  const homeMeta = routeMeta(home);
  if (homeMeta && pathname !== home) items.push({ title: <Link to={home}>{t(homeMeta.titleKey)}</Link> });
  if (meta?.resource) {
    const r = meta.resource;
    if (r.menu?.parent) items.push({ title: t(`menu.${r.menu.parent}`) });
    if (meta.screen !== 'list')
      items.push({ title: <Link to={screenPaths(r).list}>{t(`${r.name}.titles.list`)}</Link> });
  }
  if (meta) items.push({ title: viewTitle(t, meta.titleKey, name) });
  const shown = phone ? items.slice(-1) : items;
  return (
    <Breadcrumb
      data-testid="breadcrumb"
      items={shown}
      style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
    />
  );
};
