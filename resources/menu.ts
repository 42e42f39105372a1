import { AREA_NAMES } from './names';

interface MenuGroupDecl {
  name: string;
  icon: string;
  order: number;
}

/**
 * Top-level menu groups. A group is itself a page resource of the policy (SPEC 6: a parent route
 * is kept only if its name is among the user's resources), and shows only with a visible child.
 */
export interface MenuGroup extends MenuGroupDecl {
  permission: string;
}

/** A group is its area: its permission is the area's word in the policy, its name unless AREA_NAMES lists another. */
const group = (decl: MenuGroupDecl): MenuGroup => ({
  ...decl,
  permission: AREA_NAMES[decl.name]?.permission ?? decl.name,
});

export const menuGroups: MenuGroup[] = [
  group({ name: 'products', icon: 'ShoppingOutlined', order: 20 }),
  group({ name: 'inventories', icon: 'InboxOutlined', order: 40 }),
  group({ name: 'orders', icon: 'ShoppingCartOutlined', order: 50 }),
  group({ name: 'finance', icon: 'AccountBookOutlined', order: 70 }),
  group({ name: 'reports', icon: 'BarChartOutlined', order: 80 }),
  // Record types admins add from System -> Customize (issue 40): shown once one is readable.
  group({ name: 'custom', icon: 'AppstoreAddOutlined', order: 85 }),
  group({ name: 'configuration', icon: 'SettingOutlined', order: 90 }),
  group({ name: 'permissions', icon: 'LockOutlined', order: 95 }),
  group({ name: 'system', icon: 'ApiOutlined', order: 97 }),
];
