import { lazy, memo, Suspense, useMemo } from 'react';
import { Grid, Layout, Menu, theme, type MenuProps } from 'antd';
import { Link } from 'react-router';
import type { TreeMenuItem } from '@refinedev/core';
import { useLayoutSettings } from '../../providers/layout-settings';
import { SiteTitle } from '../SiteTitle';
import { setMobileSidebar, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, useSidebar } from './sidebar-store';
import { usePermittedMenu } from './use-permitted-menu';

// antd's Drawer is fetched on narrow screens only: a wide one never shows it.
const MobileSidebar = lazy(() => import('./MobileSidebar'));

type Item = Required<MenuProps>['items'][number];

const toItems = (tree: TreeMenuItem[]): Item[] =>
  tree.map((item) => {
    const label = item.label ?? item.meta?.label ?? item.name;
    return item.children.length
      ? { key: item.key, icon: item.meta?.icon, label, children: toItems(item.children) }
      : { key: item.key, icon: item.meta?.icon, label: <Link to={item.route ?? '/'}>{label}</Link> };
  });

const closeMobile = () => setMobileSidebar(false);

const SideMenu = memo(function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { tree, selectedKey, defaultOpenKeys } = usePermittedMenu();
  const { sidebarLogo } = useLayoutSettings();
  // Same items and keys unless the menu itself changed: a navigation only moves the selection.
  const items = useMemo(() => toItems(tree), [tree]);
  const selectedKeys = useMemo(() => (selectedKey ? [selectedKey] : []), [selectedKey]);
  return (
    <>
      {sidebarLogo && (
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: collapsed ? 'center' : 'flex-start',
            padding: collapsed ? 0 : '0 16px',
          }}
        >
          <SiteTitle collapsed={collapsed} />
        </div>
      )}
      <Menu
        data-testid="side-menu"
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={selectedKeys}
        defaultOpenKeys={defaultOpenKeys}
        style={{ border: 'none' }}
        onClick={closeMobile}
      />
    </>
  );
});

/**
 * The sidebar (SPEC 2, 9): 210 px, folded to icons on the user's toggle; under 992 px it leaves the
 * page and opens as a drawer from the header's toggle.
 */
export const Sidebar = () => {
  const { collapsed } = useSidebar();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // Before the first measure `lg` is undefined: treat it as wide to avoid a flash of the drawer.
  const mobile = screens.lg === false;

  if (mobile) {
    return (
      <Suspense fallback={null}>
        <MobileSidebar>
          <SideMenu collapsed={false} />
        </MobileSidebar>
      </Suspense>
    );
  }
  return (
    <Layout.Sider
      data-testid="sidebar"
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      style={{
        background: token.colorBgContainer,
        borderRight: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflow: 'auto',
      }}
    >
      <SideMenu collapsed={collapsed} />
    </Layout.Sider>
  );
};
