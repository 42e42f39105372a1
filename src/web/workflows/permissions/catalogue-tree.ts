import type { DataNode } from 'antd/es/tree';
import type { TFunction } from 'i18next';
import { resources } from '../../../../resources';
import { menuGroups } from '../../../../resources/menu';
import { pageResources } from '../../pages/page-resources';

/** One policy object of GET /system/resources: a page (type 1) or a button (type 3) of a page. */
export interface CatalogueEntry {
  name: string;
  type: number;
  parent?: string;
}

/** A page's translated title: a resource's list title, a menu group's or a dashboard's name. */
const pageLabel = (name: string, t: TFunction) => {
  const resource = resources.find((r) => r.permission === name);
  if (resource) return t(`${resource.name}.titles.list`);
  const group = menuGroups.find((g) => g.permission === name) ?? pageResources.find((p) => p.permission === name);
  return group ? t(`menu.${group.name}`) : name;
};

const buttonLabel = (entry: CatalogueEntry, t: TFunction) => {
  // A data right (resources/rights.ts) belongs to no page.
  if (!entry.parent) return t(`engine.permissions.rights.${entry.name}`);
  const action = entry.name.slice((entry.parent ?? '').length + 1);
  return t(`engine.permissions.actions.${action}`, { defaultValue: action });
};

/**
 * The catalogue as a tree: a page under the page its name extends (`config.ports` under `config`),
 * its buttons under it. Each node shows its label and the policy object's name auditors read.
 */
export const catalogueTree = (entries: CatalogueEntry[], t: TFunction): DataNode[] => {
  const nodes = new Map<string, DataNode & { children: DataNode[] }>();
  const title = (label: string, name: string) => `${label} · ${name}`;
  for (const e of entries) {
    const label = e.type === 3 ? buttonLabel(e, t) : pageLabel(e.name, t);
    nodes.set(e.name, { key: e.name, title: title(label, e.name), children: [] });
  }
  const roots: DataNode[] = [];
  for (const e of entries) {
    const node = nodes.get(e.name)!;
    const owner = e.parent ?? (e.type === 1 ? e.name.slice(0, Math.max(0, e.name.lastIndexOf('.'))) : undefined);
    const parent = owner ? nodes.get(owner) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  // A page without buttons is a leaf: no expander in front of it.
  for (const node of nodes.values())
    if (!node.children.length) Object.assign(node, { children: undefined, isLeaf: true });
  return roots;
};
