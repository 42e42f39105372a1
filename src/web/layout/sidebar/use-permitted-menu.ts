import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useMenu, type TreeMenuItem } from '@refinedev/core';
import { can } from '../../providers/access-control';
import { currentUser, onSessionChange } from '../../providers/session';

const flatten = (items: TreeMenuItem[]): TreeMenuItem[] => items.flatMap((i) => [i, ...flatten(i.children)]);

/** A group shows only when it is allowed and has a visible child (SPEC 6, DESIGN C9). */
const prune = (items: TreeMenuItem[], allowed: Set<string>): TreeMenuItem[] =>
  items.flatMap((item) => {
    if (!allowed.has(item.name)) return [];
    if (item.children.length === 0) return item.route ? [item] : [];
    const children = prune(item.children, allowed);
    return children.length ? [{ ...item, children }] : [];
  });

/**
 * The menu the user may see: Refine's menu tree (from the resources) filtered by the session's
 * access rules. The sidebar, the menu search and the breadcrumb share it.
 */
export const usePermittedMenu = () => {
  const { menuItems, selectedKey, defaultOpenKeys } = useMenu();
  const user = useSyncExternalStore(onSessionChange, currentUser);
  const [allowed, setAllowed] = useState<Set<string>>();

  // Refine hands a new tree on every render: the answers depend only on the names and the user.
  const names = [...new Set(flatten(menuItems).map((i) => i.name))].sort().join(',');

  useEffect(() => {
    let live = true;
    void Promise.all(names.split(',').map(async (n) => [n, await can(n, 'list')] as const)).then((answers) => {
      if (live) setAllowed(new Set(answers.filter(([, ok]) => ok).map(([n]) => n)));
    });
    return () => {
      live = false;
    };
  }, [names, user]);

  // Keyed on what the menu shows, not on the tree's identity, so the sidebar's items keep theirs
  // from one navigation to the next.
  const shape = flatten(menuItems)
    .map((i) => `${i.key}|${i.route ?? ''}|${String(i.label ?? i.meta?.label ?? i.name)}`)
    .join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const tree = useMemo(() => (allowed ? prune(menuItems, allowed) : []), [shape, allowed]);
  return {
    tree,
    selectedKey,
    defaultOpenKeys,
    leaves: useMemo(() => flatten(tree).filter((i) => i.children.length === 0), [tree]),
  };
};
