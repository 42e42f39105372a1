import type { ReactNode } from 'react';
import { Drawer } from 'antd';
import { setMobileSidebar, SIDEBAR_WIDTH, useSidebar } from './sidebar-store';

/** The sidebar under 992 px: a drawer from the left, opened by the header's toggle. */
const MobileSidebar = ({ children }: { children: ReactNode }) => {
  const { mobileOpen } = useSidebar();
  return (
    <Drawer
      open={mobileOpen}
      onClose={() => setMobileSidebar(false)}
      placement="left"
      closable={false}
      width={SIDEBAR_WIDTH}
      styles={{ body: { padding: 0 } }}
      rootClassName="mobile-sidebar"
    >
      {children}
    </Drawer>
  );
};

export default MobileSidebar;
