import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  LockOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * Menu icons by the names resources/ declare. Only the icons in use are bundled (the full set is
 * megabytes); a new name needs a line here. `AnchorOutlined` (not in @ant-design/icons 5) shows the pin.
 */
const ICONS: Record<string, ReactNode> = {
  AppstoreOutlined: <AppstoreOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  GlobalOutlined: <GlobalOutlined />,
  SettingOutlined: <SettingOutlined />,
  EnvironmentOutlined: <EnvironmentOutlined />,
  AnchorOutlined: <EnvironmentOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  LockOutlined: <LockOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  ShopOutlined: <ShopOutlined />,
  ShoppingOutlined: <ShoppingOutlined />,
  TeamOutlined: <TeamOutlined />,
  UserOutlined: <UserOutlined />,
};

export const iconFor = (name?: string): ReactNode => (name ? ICONS[name] : undefined) ?? <AppstoreOutlined />;
