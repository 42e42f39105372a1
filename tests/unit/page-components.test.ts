import { describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { menuGroups } from '../../resources/menu';
import { pages } from '../../resources/pages';
import { resourceCatalogue } from '../../src/server/access/catalogue';
import { buttonActions, buttonPermission } from '../../src/domain/resource';
import { routeMeta } from '../../src/web/layout/route-meta';
import { pageComponents } from '../../src/web/pages/page-components';

describe('hand-written pages, declared once in resources/pages.ts', () => {
  it('gives every declared page a component and every component a declaration', () => {
    expect(Object.keys(pageComponents).sort()).toEqual(pages.map((p) => p.name).sort());
  });

  it('names each page, path and menu group once', () => {
    expect(new Set(pages.map((p) => p.name)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    const groups = new Set(menuGroups.map((g) => g.name));
    expect(pages.filter((p) => p.parent && !groups.has(p.parent)).map((p) => p.name)).toEqual([]);
  });

  it("titles each page's path with its declared title", () => {
    for (const p of pages) expect(routeMeta(p.path.replace(/:id/g, '7'))?.titleKey, p.path).toBe(p.title);
  });

  it('puts every page permission in the access catalogue, borrowed ones with the type of what they borrow', () => {
    const catalogue = new Map(resourceCatalogue().map((e) => [e.name, e.type]));
    const buttons = new Set(resources.flatMap((r) => buttonActions(r).map((a) => buttonPermission(r, a))));
    for (const p of pages) expect(catalogue.get(p.permission), p.name).toBe(buttons.has(p.permission) ? 3 : 1);
    expect(catalogue.get('cargo.dashboard')).toBe(1);
    expect(catalogue.get('inventories.inbounds.confirm')).toBe(3);
  });
});
