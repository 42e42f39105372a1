import { translators } from '../helpers/translators';
import { LANGUAGES } from '../helpers/locale-files';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceCatalogue } from '../../src/server/access/catalogue';
import { catalogueTree, filterTree, type CatalogueNode } from '../../src/web/workflows/permissions/catalogue-tree';

let translate: Awaited<ReturnType<typeof translators>>;
beforeAll(async () => {
  translate = await translators();
});

const flat = (nodes: CatalogueNode[]): CatalogueNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe("the role editor's tree of pages, buttons and rights", () => {
  it('lists every policy object of the catalogue once', () => {
    const catalogue = resourceCatalogue();
    expect(new Set(catalogue.map((e) => e.name)).size).toBe(catalogue.length);
    const keys = flat(catalogueTree(catalogue, translate.en)).map((n) => n.key);
    expect(keys.filter((k) => k === 'inventories.outbounds')).toHaveLength(1);
    expect(keys.sort()).toEqual(catalogue.map((e) => e.name).sort());
  });

  it("roots are the menu's groups and top-level pages in the menu's order, then the data rights", () => {
    const roots = catalogueTree(resourceCatalogue(), translate.en).map((n) => n.key);
    expect(roots.indexOf('organizations')).toBeLessThan(roots.indexOf('products'));
    expect(roots.indexOf('inventories')).toBeLessThan(roots.indexOf('finance'));
    expect(roots.indexOf('config')).toBeLessThan(roots.indexOf('permissions'));
    expect(roots.at(-1)).toBe('data.allOrganizations');
    expect(roots).not.toContain('inventories.inbounds');
    const outbounds = flat(catalogueTree(resourceCatalogue(), translate.en)).find(
      (n) => n.key === 'inventories.outbounds',
    )!;
    expect(outbounds.label).toBe('Outbound orders');
    expect(outbounds.children!.map((c) => c.key)[0]).toBe('inventories.outbounds.create');
  });

  it("names every button in the user's language with its button's words", () => {
    for (const lng of LANGUAGES) {
      const nodes = flat(catalogueTree(resourceCatalogue(), translate[lng]));
      for (const node of nodes) {
        expect(node.label, `${lng} ${node.key}`).not.toBe(node.key);
        expect(node.label, `${lng} ${node.key}`).not.toBe(node.key.split('.').at(-1));
      }
    }
    const zh = new Map(flat(catalogueTree(resourceCatalogue(), translate.zh)).map((n) => [n.key, n.label]));
    expect(zh.get('finance.bills.issue')).toBe(translate.zh('bills.actions.issue'));
    expect(zh.get('orders.orders.approve')).toBe(translate.zh('orders.actions.approve'));
    expect(zh.get('orders.deliveries.sign')).toBe(translate.zh('deliveries.actions.sign'));
    expect(zh.get('data.allOrganizations')).toBe(translate.zh('engine.permissions.rights.data.allOrganizations'));
  });

  it('narrows to what a search finds, by name or label, keeping a found page with its buttons and opening the way', () => {
    const tree = catalogueTree(resourceCatalogue(), translate.zh);
    const bills = filterTree(tree, translate.zh('bills.titles.list'));
    expect(bills.tree.map((n) => n.key)).toEqual(['finance']);
    expect(bills.expanded).toContain('finance');
    const billPage = bills.tree[0].children!.find((n) => n.key === 'finance.bills')!;
    expect(billPage.children!.map((n) => n.key)).toContain('finance.bills.pay');
    const byName = filterTree(tree, 'PAY');
    expect(flat(byName.tree).map((n) => n.key)).toEqual(['finance', 'finance.bills', 'finance.bills.pay']);
    expect(byName.expanded).toEqual(['finance.bills', 'finance']);
    expect(filterTree(tree, '  ')).toEqual({ tree, expanded: [] });
    expect(filterTree(tree, 'no such thing').tree).toEqual([]);
  });
});
