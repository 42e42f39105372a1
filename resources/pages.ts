/**
 * Screens written by hand rather than generated from a resource (dashboards, the cart and checkout,
 * the bill run, reports, the count sheet, scanning), declared once: the menu, the routes, the route
 * titles, the access catalogue and the role editor all read this list. The web maps each name to
 * its component (src/web/pages/page-components.ts); the server cannot import React, so that map
 * stays apart and a unit test holds its keys equal to these names.
 */
export interface PageDeclaration {
  name: string;
  /** The policy object that opens it: a page of its own (type 1) or one it borrows from a resource or button. */
  permission: string;
  path: string;
  /** Translation key of its title (tab, breadcrumb, menu item). */
  title: string;
  icon: string;
  order: number;
  /** Menu group it sits in (resources/menu.ts); top level when absent. */
  parent?: string;
  /** A step reached from another page (checkout, its success page), not a menu item. */
  hidden?: boolean;
}

export const pages: PageDeclaration[] = [
  {
    name: 'dashboard',
    permission: 'dashboard',
    path: '/dashboard',
    title: 'menu.dashboard',
    icon: 'DashboardOutlined',
    order: 0,
  },
  {
    name: 'cargoDashboard',
    permission: 'cargo.dashboard',
    path: '/cargo/dashboard',
    title: 'menu.cargoDashboard',
    icon: 'DashboardOutlined',
    order: 0,
  },
  {
    name: 'reportShipment',
    permission: 'reports.shipment',
    path: '/reports/shipment',
    title: 'menu.reportShipment',
    icon: 'LineChartOutlined',
    order: 1,
    parent: 'reports',
  },
  {
    name: 'reportInventory',
    permission: 'reports.inventory',
    path: '/reports/inventory',
    title: 'menu.reportInventory',
    icon: 'PieChartOutlined',
    order: 2,
    parent: 'reports',
  },
  // A count sheet over the stock lists: whoever may see inventory may count it (it changes nothing).
  {
    name: 'checkInventory',
    permission: 'inventories.products',
    path: '/inventories/checkInventory',
    title: 'menu.checkInventory',
    icon: 'FileSearchOutlined',
    order: 6,
    parent: 'inventories',
  },
  // Receiving and picking by scanning: a warehouse step, for whoever may confirm inbounds.
  {
    name: 'scan',
    permission: 'inventories.inbounds.confirm',
    path: '/inventories/scan',
    title: 'menu.scan',
    icon: 'ScanOutlined',
    order: 7,
    parent: 'inventories',
  },
  // The mall's cart and checkout steps: whoever may keep a cart may check it out.
  {
    name: 'cart',
    permission: 'orders.cart',
    path: '/orders/cart',
    title: 'menu.cart',
    icon: 'ShoppingCartOutlined',
    order: 2,
    parent: 'orders',
  },
  {
    name: 'orderConfirm',
    permission: 'orders.cart',
    path: '/orders/orderConfirm',
    title: 'menu.orderConfirm',
    icon: 'ShoppingCartOutlined',
    order: 2,
    parent: 'orders',
    hidden: true,
  },
  {
    name: 'orderSuccess',
    permission: 'orders.cart',
    path: '/orders/orderSuccess/:id',
    title: 'menu.orderSuccess',
    icon: 'ShoppingCartOutlined',
    order: 2,
    parent: 'orders',
    hidden: true,
  },
  // Bills of a month for one or every customer; the print view of a bill in its customer's language.
  {
    name: 'billRun',
    permission: 'finance.bills.create',
    path: '/finance/bills/generate',
    title: 'menu.billRun',
    icon: 'FileTextOutlined',
    order: 4,
    parent: 'finance',
  },
  // A month's charges as they form (issue 43): a preview of the bill, for whoever may read bills,
  // as its API (GET /finance/accruals) asks.
  {
    name: 'accruals',
    permission: 'finance.bills',
    path: '/finance/accruals',
    title: 'accruals.title',
    icon: 'LineChartOutlined',
    order: 5,
    parent: 'finance',
  },
  // Every organization's month so far and expected, for the month-end review before the bill run:
  // staff's, so it borrows the bill run's right. Cargo owners hold finance.bills (their own month
  // to date) but not that one, so the menu and the route keep it from them.
  {
    name: 'accrualReview',
    permission: 'finance.bills.create',
    path: '/finance/accruals/customers',
    title: 'accruals.review.title',
    icon: 'BarChartOutlined',
    order: 6,
    parent: 'finance',
  },
  {
    name: 'billPrint',
    permission: 'finance.bills',
    path: '/finance/bills/print/:id',
    title: 'menu.billPrint',
    icon: 'FileTextOutlined',
    order: 5,
    parent: 'finance',
    hidden: true,
  },
  // Issue 40: admins add fields, value lists and record types here (src/web/workflows/customize).
  {
    name: 'customize',
    permission: 'config.customize',
    path: '/system/customize',
    title: 'menu.customize',
    icon: 'ControlOutlined',
    order: 50,
    parent: 'system',
  },
];

export const pageByName = (name: string) => pages.find((p) => p.name === name);
