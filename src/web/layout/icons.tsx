import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CarOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  HistoryOutlined,
  AuditOutlined,
  HomeOutlined,
  ImportOutlined,
  InboxOutlined,
  LineChartOutlined,
  LockOutlined,
  PieChartOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * Menu icons by the names resources/ declare. Only the icons in use are bundled (the full set is
 * megabytes); a new name needs a line here (tests/unit/locales.test.ts checks that it has one).
 * `AnchorOutlined` (not in @ant-design/icons 5) shows the pin.
 */
export const ICONS: Record<string, ReactNode> = {
  ApartmentOutlined: <ApartmentOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  AnchorOutlined: <EnvironmentOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  CarOutlined: <CarOutlined />,
  ContainerOutlined: <ContainerOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  EnvironmentOutlined: <EnvironmentOutlined />,
  ExportOutlined: <ExportOutlined />,
  FileSearchOutlined: <FileSearchOutlined />,
  GlobalOutlined: <GlobalOutlined />,
  HistoryOutlined: <HistoryOutlined />,
  AuditOutlined: <AuditOutlined />,
  HomeOutlined: <HomeOutlined />,
  ImportOutlined: <ImportOutlined />,
  InboxOutlined: <InboxOutlined />,
  LineChartOutlined: <LineChartOutlined />,
  LockOutlined: <LockOutlined />,
  PieChartOutlined: <PieChartOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShopOutlined: <ShopOutlined />,
  ShoppingCartOutlined: <ShoppingCartOutlined />,
  ShoppingOutlined: <ShoppingOutlined />,
  TeamOutlined: <TeamOutlined />,
  UserOutlined: <UserOutlined />,
};

export const iconFor = (name?: string): ReactNode => (name ? ICONS[name] : undefined) ?? <AppstoreOutlined />;
