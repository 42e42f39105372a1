import type { ResourceProps } from '@refinedev/core';
import type { TFunction } from 'i18next';
import { resources } from '../../resources';
import { menuGroups } from '../../resources/menu';
import { pages as pageDeclarations } from '../../resources/pages';
import { screenPaths, type ResourceDef } from '../domain/resource';
import { iconFor } from './layout/icons';

/**
 * Menu groups get a Refine name of their own: a group may share its policy name with a resource
 * (the `products` group holds the `products` resource), and Refine identifies both by name.
 */
export const GROUP_PREFIX = 'menu:';
export const groupResourceName = (group: string) => `${GROUP_PREFIX}${group}`;

/**
 * Refine's resource list, derived from resources/ (DESIGN 1: declared once). Screen paths come
 * from the declaration, labels from locales/, the parent is the menu group. Rebuilt when the
 * language changes so the menu follows it, and when an admin's customization adds a record type.
 */
export const buildRefineResources = (
  t: TFunction,
  declarations: readonly ResourceDef[] = resources,
): ResourceProps[] => {
  const pages: ResourceProps[] = pageDeclarations.map((p) => ({
    name: p.name,
    list: p.path,
    meta: {
      label: t(p.title),
      icon: iconFor(p.icon),
      order: p.order,
      parent: p.parent ? groupResourceName(p.parent) : undefined,
      hide: p.hidden,
    },
  }));

  const groups: ResourceProps[] = [...menuGroups]
    .sort((a, b) => a.order - b.order)
    .map((g) => ({
      name: groupResourceName(g.name),
      meta: { label: t(`menu.${g.name}`), icon: iconFor(g.icon), order: g.order },
    }));

  const entities: ResourceProps[] = [...declarations]
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
          parent: r.menu?.parent ? groupResourceName(r.menu.parent) : undefined,
          icon: iconFor(r.menu?.icon),
          order: r.menu?.order,
          canDelete: r.actions.includes('delete'),
          hide: !r.menu,
        },
      };
    });

  // Refine keeps the array order in the menu: top-level items by their order, children after.
  const groupOrder = new Map(menuGroups.map((g) => [groupResourceName(g.name), g.order]));
  const key = (r: ResourceProps) => {
    const own = Number(r.meta?.order ?? 0);
    const parent = r.meta?.parent ? groupOrder.get(r.meta.parent) : undefined;
    return parent === undefined ? own : parent + (own + 1) / 1000;
  };
  return [...pages, ...groups, ...entities].sort((a, b) => key(a) - key(b));
};
