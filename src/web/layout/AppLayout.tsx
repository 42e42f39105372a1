import type { ReactNode } from 'react';
import { ThemedLayout, ThemedSider } from '@refinedev/antd';
import { Header } from './Header';
import { SiteTitle } from './SiteTitle';

/** Sider width 210 px (SPEC 9) is close to Refine's 200; logout lives in the user menu. */
const Sider = (props: Parameters<typeof ThemedSider>[0]) => <ThemedSider {...props} fixed render={({ items }) => items} />;

export const AppLayout = ({ children }: { children?: ReactNode }) => (
  <ThemedLayout Header={Header} Title={SiteTitle} Sider={Sider}>
    {children}
  </ThemedLayout>
);
