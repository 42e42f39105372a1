import { getCookie, setCookie } from '../../providers/cookies';
import { createStore, useStore } from '../../providers/store';

/** Sidebar opened (1) or collapsed (0), kept in a cookie across visits (SPEC 9). */
const COOKIE = 'sidebarStatus';

export const sidebarStore = createStore({ collapsed: getCookie(COOKIE) === '0', mobileOpen: false });

export const toggleSidebar = () => {
  const collapsed = !sidebarStore.get().collapsed;
  setCookie(COOKIE, collapsed ? '0' : '1', 365);
  sidebarStore.set((s) => ({ ...s, collapsed }));
};

export const setMobileSidebar = (mobileOpen: boolean) => sidebarStore.set((s) => ({ ...s, mobileOpen }));

export const useSidebar = () => useStore(sidebarStore);

export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;
