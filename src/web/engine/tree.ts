import type { BaseRecord } from '@refinedev/core';

export type TreeRecord = BaseRecord & { children?: TreeRecord[] };

/**
 * Rows of a self-referencing resource (categories) as antd tree data: each row under its parent;
 * a row whose parent is not in the list (filtered out, or none) is a root.
 */
export const toTree = (rows: BaseRecord[], parentField: string): TreeRecord[] => {
  const byId = new Map(rows.map((r) => [String(r.id), { ...r } as TreeRecord]));
  const roots: TreeRecord[] = [];
  for (const node of byId.values()) {
    const parentId = node[parentField];
    const parent = parentId === null || parentId === undefined ? undefined : byId.get(String(parentId));
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
};
