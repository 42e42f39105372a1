import { resources as declared } from '../../../resources/index';
import { menuGroups } from '../../../resources/menu';
import { pages } from '../../../resources/pages';
import { dataRights } from '../../../resources/rights';
import { buttonActions, buttonPermission, type ResourceDef } from '../../domain/resource';

export interface CatalogueEntry {
  name: string;
  type: 1 | 3;
  /** The page a button belongs to, for grouping in the role editor; absent for a data right. */
  parent?: string;
}

/**
 * Every policy object the product knows, each once: pages (type 1), their buttons and the data
 * rights (type 3). Resources that are parts of one page (an inbound and its lines, stock and its
 * lots) share its objects, so the first to name one lists it. `resources` are those the app mounts.
 */
export function resourceCatalogue(resources: ResourceDef[] = declared): CatalogueEntry[] {
  const entries = new Map<string, CatalogueEntry>();
  const add = (entry: CatalogueEntry) => {
    if (!entries.has(entry.name)) entries.set(entry.name, entry);
  };
  // A page that borrows a resource's page or button (the count sheet, scanning) adds no object of its own.
  const borrowed = new Set(
    resources.flatMap((r) => [r.permission, ...buttonActions(r).map((a) => buttonPermission(r, a))]),
  );
  for (const p of pages) if (!borrowed.has(p.permission)) add({ name: p.permission, type: 1 });
  for (const g of menuGroups) add({ name: g.permission, type: 1 });
  for (const r of resources) {
    add({ name: r.permission, type: 1 });
    for (const action of buttonActions(r)) add({ name: buttonPermission(r, action), type: 3, parent: r.permission });
  }
  for (const name of Object.values(dataRights)) add({ name, type: 3 });
  return [...entries.values()];
}

/**
 * The rights of actions renamed since customers granted them, old object to new
 * (`orders.deliveries.complete` to `orders.deliveries.sign`): a role written through the API under
 * the old name still grants the action (migration 0023 renamed those already granted).
 */
export const renamedRights = (resources: ResourceDef[] = declared) =>
  new Map(
    resources.flatMap((r) =>
      Object.entries(r.workflow?.machine?.actions ?? {}).flatMap(([action, a]) =>
        (a.deprecatedNames ?? []).map((old) => [buttonPermission(r, old), buttonPermission(r, action)] as const),
      ),
    ),
  );
