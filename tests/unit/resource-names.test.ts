import { describe, expect, it } from 'vitest';
import { resources, resourceByName } from '../../resources';
import { AREA_NAMES, NAME_EXCEPTIONS } from '../../resources/names';
import { derivedNames, screenPaths } from '../../src/domain/resource';

/**
 * Every resource's published names as they were before they were derived from one name (issue 29):
 * customers' clients call these API paths, the policies name these permissions and SPEC 2 fixes
 * these screens, so deriving them must change none. A resource added later joins the table.
 */
const PUBLISHED: Record<
  string,
  [permission: string, api: string, list: string, create: string, edit: string, show: string]
> = {
  countries: [
    'config.countries',
    '/config/countries',
    '/configuration/countries',
    '/configuration/countries/create',
    '/configuration/countries/edit/:id',
    '/configuration/countries/:id',
  ],
  ports: [
    'config.ports',
    '/config/ports',
    '/configuration/ports',
    '/configuration/ports/create',
    '/configuration/ports/edit/:id',
    '/configuration/ports/:id',
  ],
  partners: ['partners', '/config/partners', '/partners', '/partners/edit', '/partners/edit/:id', '/partners/:id'],
  organizations: [
    'organizations',
    '/organizations',
    '/organizations',
    '/organizations/edit',
    '/organizations/edit/:id',
    '/organizations/:id',
  ],
  contacts: [
    'organizations.contacts',
    '/organizations/contacts',
    '/organizations/contacts',
    '/organizations/contacts/create',
    '/organizations/contacts/edit/:id',
    '/organizations/contacts/:id',
  ],
  addresses: [
    'organizations.addresses',
    '/organizations/addresses',
    '/organizations/addresses',
    '/organizations/addresses/create',
    '/organizations/addresses/edit/:id',
    '/organizations/addresses/:id',
  ],
  communications: [
    'organizations.communications',
    '/organizations/communications',
    '/organizations/communications',
    '/organizations/communications/create',
    '/organizations/communications/edit/:id',
    '/organizations/communications/:id',
  ],
  buyers: [
    'organizations.buyers',
    '/organizations/buyers',
    '/organizations/buyers',
    '/organizations/buyers/create',
    '/organizations/buyers/edit/:id',
    '/organizations/buyers/:id',
  ],
  suppliers: [
    'organizations.suppliers',
    '/organizations/suppliers',
    '/organizations/suppliers',
    '/organizations/suppliers/create',
    '/organizations/suppliers/edit/:id',
    '/organizations/suppliers/:id',
  ],
  warehouses: [
    'config.warehouses',
    '/config/warehouses',
    '/configuration/warehouses',
    '/configuration/warehouses/edit',
    '/configuration/warehouses/edit/:id',
    '/configuration/warehouses/:id',
  ],
  productCategories: [
    'products.categories',
    '/products/categories',
    '/products/categories',
    '/products/categories/create',
    '/products/categories/edit/:id',
    '/products/categories/:id',
  ],
  products: [
    'products.spus',
    '/products',
    '/products/spus',
    '/products/spus/add',
    '/products/spus/edit/:id',
    '/products/spus/:id',
  ],
  skus: [
    'products.skus',
    '/products/skus',
    '/products/skus',
    '/products/skus/create',
    '/products/skus/edit/:id',
    '/products/skus/:id',
  ],
  packings: [
    'products.packings',
    '/products/packings',
    '/products/packings',
    '/products/packings/create',
    '/products/packings/edit/:id',
    '/products/packings/:id',
  ],
  taxes: [
    'products.taxes',
    '/products/taxes',
    '/products/taxes',
    '/products/taxes/create',
    '/products/taxes/edit/:id',
    '/products/taxes/:id',
  ],
  inbounds: [
    'inventories.inbounds',
    '/inventory/inbounds',
    '/inventories/inbounds',
    '/inventories/addInbound',
    '/inventories/inbounds/edit/:id',
    '/inventories/inbounds/:id',
  ],
  inboundLines: [
    'inventories.inbounds',
    '/inventory/inboundLines',
    '/inventories/inboundLines',
    '/inventories/inboundLines/create',
    '/inventories/inboundLines/edit/:id',
    '/inventories/inboundLines/:id',
  ],
  outbounds: [
    'inventories.outbounds',
    '/inventory/outbounds',
    '/inventories/outbounds',
    '/inventories/addOutbound',
    '/inventories/outbounds/edit/:id',
    '/inventories/outbounds/:id',
  ],
  outboundLines: [
    'inventories.outbounds',
    '/inventory/outboundLines',
    '/inventories/outboundLines',
    '/inventories/outboundLines/create',
    '/inventories/outboundLines/edit/:id',
    '/inventories/outboundLines/:id',
  ],
  inventory: [
    'inventories.products',
    '/inventory/products',
    '/inventories/products',
    '/inventories/products/create',
    '/inventories/products/edit/:id',
    '/inventories/products/:id',
  ],
  lots: [
    'inventories.products',
    '/inventory/lots',
    '/inventories/lots',
    '/inventories/lots/create',
    '/inventories/lots/edit/:id',
    '/inventories/lots/:id',
  ],
  outboundTakes: [
    'inventories.outbounds',
    '/inventory/outboundTakes',
    '/inventories/outboundTakes',
    '/inventories/outboundTakes/create',
    '/inventories/outboundTakes/edit/:id',
    '/inventories/outboundTakes/:id',
  ],
  returns: [
    'inventories.returns',
    '/inventory/returns',
    '/inventories/returns',
    '/inventories/returns/create',
    '/inventories/returns/edit/:id',
    '/inventories/returns/:id',
  ],
  returnLines: [
    'inventories.returns',
    '/inventory/returnLines',
    '/inventories/returnLines',
    '/inventories/returnLines/create',
    '/inventories/returnLines/edit/:id',
    '/inventories/returnLines/:id',
  ],
  counts: [
    'inventories.counts',
    '/inventory/counts',
    '/inventories/counts',
    '/inventories/counts/create',
    '/inventories/counts/edit/:id',
    '/inventories/counts/:id',
  ],
  countLines: [
    'inventories.counts',
    '/inventory/countLines',
    '/inventories/countLines',
    '/inventories/countLines/create',
    '/inventories/countLines/edit/:id',
    '/inventories/countLines/:id',
  ],
  changeLogs: [
    'inventories.changeLogs',
    '/inventory/changeLogs',
    '/inventories/changeLoglist',
    '/inventories/changeLoglist/create',
    '/inventories/changeLoglist/edit/:id',
    '/inventories/changeLoglist/:id',
  ],
  productLogs: [
    'inventories.productLogs',
    '/inventory/productLogs',
    '/inventories/productLogList',
    '/inventories/productLogList/create',
    '/inventories/productLogList/edit/:id',
    '/inventories/productLogList/:id',
  ],
  mallProducts: [
    'orders.products',
    '/orders/products',
    '/orders/products',
    '/orders/products/create',
    '/orders/products/edit/:id',
    '/orders/products/:id',
  ],
  mallAddresses: [
    'orders.addresses',
    '/orders/addresses',
    '/orders/addresses',
    '/orders/addresses/create',
    '/orders/addresses/edit/:id',
    '/orders/addresses/:id',
  ],
  orders: ['orders.orders', '/orders', '/orders/list', '/orders/addOrder', '/orders/editOrder/:id', '/orders/:id'],
  orderLines: [
    'orders.orders',
    '/orders/lines',
    '/orders/lines',
    '/orders/lines/create',
    '/orders/lines/edit/:id',
    '/orders/lines/:id',
  ],
  deliveries: [
    'orders.deliveries',
    '/delivery/deliveries',
    '/orders/deliveries',
    '/orders/deliveries/create',
    '/orders/deliveries/edit/:id',
    '/orders/deliveries/:id',
  ],
  feeModels: [
    'finance.feeModels',
    '/finance/feeModels',
    '/finance/feeModels',
    '/finance/feeModels/add',
    '/finance/feeModels/edit/:id',
    '/finance/feeModels/:id',
  ],
  bills: [
    'finance.bills',
    '/finance/bills',
    '/finance/bills',
    '/finance/bills/add',
    '/finance/bills/edit/:id',
    '/finance/bills/:id',
  ],
  expenses: [
    'finance.expenses',
    '/finance/expenses',
    '/finance/expenses',
    '/finance/expenses/create',
    '/finance/expenses/edit/:id',
    '/finance/expenses/:id',
  ],
  disputes: [
    'finance.disputes',
    '/finance/disputes',
    '/finance/disputes',
    '/finance/disputes/create',
    '/finance/disputes/edit/:id',
    '/finance/disputes/:id',
  ],
  billLines: [
    'finance.bills',
    '/finance/billLines',
    '/finance/billLines',
    '/finance/billLines/create',
    '/finance/billLines/edit/:id',
    '/finance/billLines/:id',
  ],
  shipments: [
    'shipments',
    '/shipments',
    '/shipments/list',
    '/shipments/addShipment',
    '/shipments/edit/:id',
    '/shipments/:id',
  ],
  containers: [
    'shipments.containers',
    '/shipments/containers',
    '/shipments/containers',
    '/shipments/containers/create',
    '/shipments/containers/edit/:id',
    '/shipments/containers/:id',
  ],
  goods: [
    'shipments.goods',
    '/shipments/goods',
    '/shipments/goods',
    '/shipments/goods/create',
    '/shipments/goods/edit/:id',
    '/shipments/goods/:id',
  ],
  attachments: [
    'shipments.attachments',
    '/attachments',
    '/shipments/attachments',
    '/shipments/attachments/create',
    '/shipments/attachments/edit/:id',
    '/shipments/attachments/:id',
  ],
  roles: [
    'permissions.roles',
    '/system/roles',
    '/permissions/roles',
    '/permissions/roles/create',
    '/permissions/roles/edit/:id',
    '/permissions/roles/:id',
  ],
  users: [
    'permissions.users',
    '/system/users',
    '/permissions/users',
    '/permissions/users/create',
    '/permissions/users/edit/:id',
    '/permissions/users/:id',
  ],
  apiKeys: [
    'system.apiKeys',
    '/system/apiKeys',
    '/system/apiKeys',
    '/system/apiKeys/create',
    '/system/apiKeys/edit/:id',
    '/system/apiKeys/:id',
  ],
  webhooks: [
    'system.webhooks',
    '/system/webhooks',
    '/system/webhooks',
    '/system/webhooks/create',
    '/system/webhooks/edit/:id',
    '/system/webhooks/:id',
  ],
  webhookAttempts: [
    'system.webhooks',
    '/system/webhookAttempts',
    '/system/webhookAttempts',
    '/system/webhookAttempts/create',
    '/system/webhookAttempts/edit/:id',
    '/system/webhookAttempts/:id',
  ],
  auditLogs: [
    'permissions.audit',
    '/system/audit',
    '/permissions/audit',
    '/permissions/audit/create',
    '/permissions/audit/edit/:id',
    '/permissions/audit/:id',
  ],
};

/**
 * Every relation's published path (`<api>/{id}/<key>`): a relation given its consistent key keeps
 * the old one answering (`deprecatedKeys`), so none published goes missing.
 */
const RELATION_PATHS = [
  '/finance/bills/{id}/lines',
  '/organizations/{id}/contacts',
  '/organizations/{id}/addresses',
  '/organizations/{id}/communications',
  '/organizations/{id}/subsidiaries',
  '/organizations/{id}/buyers',
  '/organizations/{id}/suppliers',
  '/organizations/{id}/products',
  '/organizations/{id}/shipments',
  '/organizations/{id}/inbounds',
  '/organizations/{id}/inventory',
  '/organizations/{id}/outbounds',
  '/products/categories/{id}/children',
  '/products/{id}/skus',
  '/products/{id}/packings',
  '/products/{id}/taxes',
  '/inventory/inbounds/{id}/lines',
  '/inventory/inbounds/{id}/products',
  '/inventory/inbounds/{id}/lots',
  '/inventory/inbounds/{id}/changeLogs',
  '/inventory/inbounds/{id}/shipments',
  '/inventory/outbounds/{id}/lines',
  '/inventory/outbounds/{id}/products',
  '/inventory/outbounds/{id}/takes',
  '/inventory/outbounds/{id}/changeLogs',
  '/inventory/outbounds/{id}/returns',
  '/inventory/returns/{id}/lines',
  '/inventory/returns/{id}/lots',
  '/inventory/returns/{id}/changeLogs',
  '/inventory/returns/{id}/expenses',
  '/inventory/counts/{id}/lines',
  '/inventory/counts/{id}/changeLogs',
  '/inventory/products/{id}/lots',
  '/orders/{id}/lines',
  '/orders/{id}/products',
  '/orders/{id}/deliveries',
  '/orders/{id}/returns',
  '/shipments/{id}/containers',
  '/shipments/{id}/goods',
  '/shipments/{id}/attachments',
  '/shipments/containers/{id}/goods',
  '/system/webhooks/{id}/deliveries',
];

describe('resource names', () => {
  it("keeps every resource's permission, API path and screen paths", () => {
    const now = Object.fromEntries(
      resources.map((r) => {
        const s = screenPaths(r);
        return [r.name, [r.permission, r.api, s.list, s.create, s.edit, s.show]];
      }),
    );
    expect(now).toEqual(PUBLISHED);
  });

  it("keeps every relation's path published, an old key beside the consistent one", () => {
    const now = resources.flatMap((r) =>
      Object.entries(r.relations ?? {}).flatMap(([key, relation]) =>
        [key, ...(relation.deprecatedKeys ?? [])].map((k) => `${r.api}/{id}/${k}`),
      ),
    );
    // The set is the contract; the order follows the declarations' references.
    expect([...now].sort()).toEqual([...RELATION_PATHS].sort());
    for (const r of resources)
      for (const [key, relation] of Object.entries(r.relations ?? {}))
        for (const old of relation.deprecatedKeys ?? []) {
          expect(old, `${r.name}.${key}`).not.toBe(key);
          expect(r.relations![old], `${r.name}.${old} is both a relation and an old key`).toBeUndefined();
        }
  });

  it('lists as an exception only what the rule would name otherwise', () => {
    for (const [name, own] of Object.entries(NAME_EXCEPTIONS)) {
      const r = resourceByName(name);
      expect(r, name).toBeDefined();
      const bySegment = derivedNames(name, r!.area, AREA_NAMES, own.segment);
      if (own.segment) expect(own.segment, name).not.toBe(name);
      if (own.permission) expect(own.permission, name).not.toBe(bySegment.permission);
      if (own.api) expect(own.api, name).not.toBe(bySegment.api);
      if (own.screen) expect(own.screen, name).not.toBe(bySegment.screen);
      expect(Object.keys(own).length, `${name} names nothing but why`).toBeGreaterThan(1);
      expect(own.why, name).not.toBe('');
    }
    for (const [area, own] of Object.entries(AREA_NAMES)) {
      expect(
        resources.some((r) => r.area === area),
        area,
      ).toBe(true);
      if (own.permission) expect(own.permission, area).not.toBe(area);
      if (own.api) expect(own.api, area).not.toBe(area);
    }
  });
});
