/**
 * Top-level menu groups. A group is itself a page resource of the policy (SPEC 6: a parent route
 * is kept only if its name is among the user's resources), and shows only with a visible child.
 */
export interface MenuGroup {
  name: string;
  permission: string;
  icon: string;
  order: number;
}

export const menuGroups: MenuGroup[] = [
  { name: 'products', permission: 'products', icon: 'ShoppingOutlined', order: 20 },
  { name: 'inventories', permission: 'inventories', icon: 'InboxOutlined', order: 40 },
  { name: 'orders', permission: 'orders', icon: 'ShoppingCartOutlined', order: 50 },
  { name: 'finance', permission: 'finance', icon: 'AccountBookOutlined', order: 70 },
  { name: 'reports', permission: 'reports', icon: 'BarChartOutlined', order: 80 },
  { name: 'configuration', permission: 'config', icon: 'SettingOutlined', order: 90 },
  { name: 'permissions', permission: 'permissions', icon: 'LockOutlined', order: 95 },
  { name: 'system', permission: 'system', icon: 'ApiOutlined', order: 97 },
];
