/**
 * Screens that are not generated from resources/ (dashboards). Each is a page resource of the
 * policy; the menu and the route guard treat it like a resource's list screen.
 */
export interface PageResource {
  name: string;
  permission: string;
  path: string;
  icon: string;
  order: number;
}

export const pageResources: PageResource[] = [
  { name: 'dashboard', permission: 'dashboard', path: '/dashboard', icon: 'DashboardOutlined', order: 0 },
  { name: 'cargoDashboard', permission: 'cargo.dashboard', path: '/cargo/dashboard', icon: 'DashboardOutlined', order: 0 },
];

export const pagePermission = (name: string) => pageResources.find((p) => p.name === name)?.permission;
