import type { TFunction } from 'i18next';
import { resources } from '../../../../resources';
import { menuGroups } from '../../../../resources/menu';
import { pages } from '../../../../resources/pages';
import { buttonActions } from '../../../domain/resource';
import { actionLabel } from '../../engine/row-resource';

/** One policy object of GET /system/resources: a page (type 1), a button of a page or a data right (type 3). */
export interface CatalogueEntry {
  name: string;
  type: number;
  parent?: string;
}

/** A node of the role editor's tree: the object's name in the user's language and the name auditors read. */
export interface CatalogueNode {
  key: string;
  label: string;
  children?: CatalogueNode[];
  isLeaf?: boolean;
}

/** The resource whose screen a page object opens: the one in the menu, where parts share its object (an inbound's lines). */
const pageResource = (name: string) =>
  resources.find((r) => r.permission === name && r.menu) ?? resources.find((r) => r.permission === name);

/** A page's translated title: a resource's list title, a menu group's or a dashboard's name. */
const pageLabel = (name: string, t: TFunction) => {
  const resource = pageResource(name);
  if (resource) return t(`${resource.name}.titles.list`);
  const group = menuGroups.find((g) => g.permission === name);
  if (group) return t(`menu.${group.name}`);
  const page = pages.find((p) => p.permission === name);
  return page ? t(page.title) : name;
};

/** A button in its own words on its page; a data right (resources/rights.ts) belongs to no page. */
const buttonLabel = (entry: CatalogueEntry, t: TFunction) => {
  if (!entry.parent) return t(`engine.permissions.rights.${entry.name}`, { defaultValue: entry.name });
  const action = entry.name.slice(entry.parent.length + 1);
  const owner = resources.find((r) => r.permission === entry.parent && buttonActions(r).includes(action));
  return actionLabel(owner, action, t);
};

/** Where a page stands in the menu; objects the menu does not show come last. */
const menuOrder = (name: string) =>
  pageResource(name)?.menu?.order ??
  menuGroups.find((g) => g.permission === name)?.order ??
  pages.find((p) => p.permission === name)?.order ??
  Number.MAX_SAFE_INTEGER;

/**
 * The catalogue as a tree: a page under the page its name extends (`config.ports` under `config`),
 * its buttons under it; the roots are the menu's groups and top-level pages in the menu's order,
 * then the data rights. Within a page its own buttons come first, in the order declared, then its
 * sub-pages in the menu's order.
 */
export const catalogueTree = (entries: CatalogueEntry[], t: TFunction): CatalogueNode[] => {
  const nodes = new Map<string, CatalogueNode & { children: CatalogueNode[] }>();
  for (const e of entries)
    nodes.set(e.name, { key: e.name, label: e.type === 3 ? buttonLabel(e, t) : pageLabel(e.name, t), children: [] });
  const entry = new Map(entries.map((e) => [e.name, e]));
  const roots: CatalogueNode[] = [];
  for (const e of entries) {
    const owner = e.parent ?? (e.type === 1 ? e.name.slice(0, Math.max(0, e.name.lastIndexOf('.'))) : undefined);
    const parent = owner ? nodes.get(owner) : undefined;
    (parent ?? { children: roots }).children.push(nodes.get(e.name)!);
  }
  // Buttons before sub-pages; a data right, of no page, after every page.
  const rank = ({ key }: CatalogueNode) => {
    const { type, parent } = entry.get(key)!;
    return type === 1 ? menuOrder(key) : parent ? -1 : Number.MAX_SAFE_INTEGER;
  };
  const arrange = (list: CatalogueNode[]) => {
    // Stable: buttons keep their declared order.
    list.sort((a, b) => rank(a) - rank(b));
    for (const node of list)
      if (node.children?.length) arrange(node.children);
      // A page without buttons is a leaf: no expander in front of it.
      else Object.assign(node, { children: undefined, isLeaf: true });
  };
  arrange(roots);
  return roots;
};

/**
 * The tree narrowed to what matches the search (a node's label or name, any case): a match keeps
 * its whole subtree (a page found shows its buttons) and its ancestors. `expanded` opens every
 * node left with children, so all that was found is in sight.
 */
export const filterTree = (tree: CatalogueNode[], search: string) => {
  const needle = search.trim().toLowerCase();
  const expanded: string[] = [];
  if (!needle) return { tree, expanded };
  const visit = (list: CatalogueNode[]): CatalogueNode[] =>
    list.flatMap((node) => {
      const hit = node.label.toLowerCase().includes(needle) || node.key.toLowerCase().includes(needle);
      const children = hit ? node.children : node.children && visit(node.children);
      if (!hit && !children?.length) return [];
      if (children?.length) expanded.push(node.key);
      return [{ ...node, children }];
    });
  return { tree: visit(tree), expanded };
};
