/**
 * Screens that are not generated from resources/ (dashboards, the count sheet). Each is a page resource of the
 * policy; the menu and the route guard treat it like a resource's list screen.
 */
export interface PageResource {
  name: string;
  permission: string;
  path: string;
  icon: string;
  order: number;
  /** Menu group it sits in (resources/menu.ts); top level when absent. */
  parent?: string;
  /** A step reached from another page (checkout, its success page), not a menu item. */
  hidden?: boolean;
}

export const pageResources: PageResource[] = [
  { name: 'dashboard', permission: 'dashboard', path: '/dashboard', icon: 'DashboardOutlined', order: 0 },
  {
    name: 'cargoDashboard',
    permission: 'cargo.dashboard',
    path: '/cargo/dashboard',
    icon: 'DashboardOutlined',
    order: 0,
  },
  {
    name: 'reportShipment',
    permission: 'reports.shipment',
    path: '/reports/shipment',
    icon: 'LineChartOutlined',
    order: 1,
    parent: 'reports',
  },
  {
    name: 'reportInventory',
    permission: 'reports.inventory',
    path: '/reports/inventory',
    icon: 'PieChartOutlined',
    order: 2,
    parent: 'reports',
  },
  // A count sheet over the stock lists: whoever may see inventory may count it (it changes nothing).
  {
    name: 'checkInventory',
    permission: 'inventories.products',
    path: '/inventories/checkInventory',
    icon: 'FileSearchOutlined',
    order: 6,
    parent: 'inventories',
  },
  // Receiving and picking by scanning: a warehouse step, for whoever may confirm inbounds.
  {
    name: 'scan',
    permission: 'inventories.inbounds.confirm',
    path: '/inventories/scan',
    icon: 'ScanOutlined',
    order: 7,
    parent: 'inventories',
  },
  // The mall's cart and checkout steps: whoever may keep a cart may check it out.
  {
    name: 'cart',
    permission: 'orders.cart',
    path: '/orders/cart',
    icon: 'ShoppingCartOutlined',
    order: 2,
    parent: 'orders',
  },
  {
    name: 'orderConfirm',
    permission: 'orders.cart',
    path: '/orders/orderConfirm',
    icon: 'ShoppingCartOutlined',
    order: 2,
    parent: 'orders',
    hidden: true,
  },
  {
    name: 'orderSuccess',
    permission: 'orders.cart',
    path: '/orders/orderSuccess/:id',
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
    icon: 'FileTextOutlined',
    order: 4,
    parent: 'finance',
  },
  {
    name: 'billPrint',
    permission: 'finance.bills',
    path: '/finance/bills/print/:id',
    icon: 'FileTextOutlined',
    order: 5,
    parent: 'finance',
    hidden: true,
  },
];

export const pagePermission = (name: string) => pageResources.find((p) => p.name === name)?.permission;
