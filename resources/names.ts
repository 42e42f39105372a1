import { withNames, type AreaNames, type NameException, type ResourceDecl } from '../src/domain/resource';

/**
 * The words SPEC and the policies fixed before the naming rule (derivedNames in
 * src/domain/resource.ts) existed, kept because customers' clients call these paths, the policies
 * grant these permissions and SPEC 2 opens these screens; an area's permission is also its menu
 * group's (resources/menu.ts). Every entry says where its word comes from;
 * tests/unit/resource-names.test.ts checks each one still differs from what the rule gives.
 */
export const AREA_NAMES: Record<string, AreaNames> = {
  configuration: {
    permission: 'config',
    api: 'config',
    why: 'SPEC 7 fixes /config/countries, /config/ports, /config/warehouses; the policies grant config.* and the menu group config',
  },
  inventories: {
    api: 'inventory',
    why: 'SPEC 7 fixes /inventory/inbounds, /inventory/outbounds, /inventory/changeLogs',
  },
  permissions: { api: 'system', why: 'SPEC 7 fixes /system/users and /system/roles' },
};

export const NAME_EXCEPTIONS: Record<string, NameException> = {
  partners: { api: '/config/partners', why: 'SPEC 7 fixes /config/partners; SPEC 2 puts the screens at /partners' },
  products: {
    segment: 'spus',
    api: '/products',
    why: 'SPEC 2 fixes /products/spus; SPEC 7 fixes /products; the policies grant products.spus',
  },
  productCategories: { segment: 'categories', why: 'SPEC 2 and SPEC 7 fix /products/categories' },
  inventory: { segment: 'products', why: 'SPEC 2 fixes /inventories/products; SPEC 7 fixes /inventory/products' },
  lots: {
    permission: 'inventories.products',
    why: 'a lot is read through its stock row: the policies grant no page of lots',
  },
  inboundLines: {
    permission: 'inventories.inbounds',
    why: "an inbound's lines are written with it: the policies grant no page of lines",
  },
  outboundLines: {
    permission: 'inventories.outbounds',
    why: "an outbound's lines are written with it: the policies grant no page of lines",
  },
  returnLines: {
    permission: 'inventories.returns',
    why: "a return's lines are written with it, as an inbound's are: no page of lines of their own",
  },
  outboundTakes: {
    permission: 'inventories.outbounds',
    why: "an outbound's takes are made by its confirm: the policies grant no page of takes",
  },
  countLines: {
    permission: 'inventories.counts',
    why: "a count's lines are made by its start and counted on it: the policies grant no page of lines",
  },
  changeLogs: { screen: '/inventories/changeLoglist', why: 'SPEC 2 fixes /inventories/changeLoglist' },
  productLogs: { screen: '/inventories/productLogList', why: 'SPEC 2 fixes /inventories/productLogList' },
  mallProducts: { segment: 'products', why: 'SPEC 2 fixes /orders/products; SPEC 7 fixes /orders/products' },
  mallAddresses: { segment: 'addresses', why: 'SPEC 7 fixes /orders/addresses; SPEC 2 fixes /orders/addresses' },
  orders: {
    api: '/orders',
    screen: '/orders',
    why: "SPEC 7 fixes /orders; SPEC 2 puts the orders' screens at the area's root (/orders/list, /orders/addOrder)",
  },
  orderLines: {
    segment: 'lines',
    permission: 'orders.orders',
    why: "published as /orders/lines; an order's lines are written with it: the policies grant no page of lines",
  },
  deliveries: { api: '/delivery/deliveries', why: 'SPEC 7 fixes /delivery/deliveries' },
  billLines: {
    permission: 'finance.bills',
    why: "a bill's lines are edited with it: the policies grant no page of lines",
  },
  attachments: { api: '/attachments', why: 'SPEC 7 fixes /attachments' },
  webhookAttempts: {
    permission: 'system.webhooks',
    why: "an endpoint's attempts are read with it: the policies grant no page of attempts",
  },
  auditLogs: { segment: 'audit', why: 'published as /system/audit; the policies grant permissions.audit' },
};

/** A resource as declared in resources/<name>.ts, its names derived by the one rule and the exceptions above. */
export const resource = (decl: ResourceDecl) => withNames(decl, AREA_NAMES, NAME_EXCEPTIONS);
