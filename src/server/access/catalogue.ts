import { resources } from '../../../resources/index';
import { menuGroups } from '../../../resources/menu';
import { pageObjects } from '../../../resources/pages';
import { dataRights } from '../../../resources/rights';
import { buttonActions, buttonPermission } from '../../domain/resource';

export interface CatalogueEntry {
  name: string;
  type: 1 | 3;
  /** The page a button belongs to, for grouping in the role editor; absent for a data right. */
  parent?: string;
}

/** Every policy object the product knows: pages (type 1), their buttons and the data rights (type 3). */
export function resourceCatalogue(): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [
    ...pageObjects.map((name) => ({ name, type: 1 as const })),
    ...menuGroups.map((g) => ({ name: g.permission, type: 1 as const })),
  ];
  for (const r of resources) {
    entries.push({ name: r.permission, type: 1 });
    for (const action of buttonActions(r))
      entries.push({ name: buttonPermission(r, action), type: 3, parent: r.permission });
  }
  for (const name of Object.values(dataRights)) entries.push({ name, type: 3 });
  return entries;
}
