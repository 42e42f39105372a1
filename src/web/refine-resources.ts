import type { ResourceProps } from '@refinedev/core';
import type { TFunction } from 'i18next';
import { resources } from '../../resources';
import { menuGroups } from '../../resources/menu';
import { screenPaths } from '../domain/resource';
import { iconFor } from './layout/icons';
import { pageResources } from './pages/page-resources';

/**
 * Refine's resource list, derived from resources/ (DESIGN 1: declared once). Screen paths come
 * from the declaration, labels from locales/, the parent is the menu group. Rebuilt when the
 * language changes so the menu follows it.
 */
export const buildRefineResources = (t: TFunction): ResourceProps[] => {
  const pages: ResourceProps[] = pageResources.map((p) => ({
    name: p.name,
    list: p.path,
    meta: { label: t(`menu.${p.name}`), icon: iconFor(p.icon), order: p.order },
  }));

  const groups: ResourceProps[] = [...menuGroups]
    .sort((a, b) => a.order - b.order)
    .map((g) => ({ name: g.name, meta: { label: t(`menu.${g.name}`), icon: iconFor(g.icon), order: g.order } }));

  const entities: ResourceProps[] = [...resources]
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0))
    .map((r) => {
      const paths = screenPaths(r);
      return {
        name: r.name,
        identifier: r.name,
        list: paths.list,
        create: r.actions.includes('create') ? paths.create : undefined,
        edit: r.actions.includes('edit') ? paths.edit : undefined,
        show: paths.show,
        meta: {
          label: t(`${r.name}.titles.list`),
          parent: r.menu?.parent ?? undefined,
          icon: iconFor(r.menu?.icon),
          canDelete: r.actions.includes('delete'),
          hide: !r.menu,
        },
      };
    });

  return [...pages, ...groups, ...entities];
};
