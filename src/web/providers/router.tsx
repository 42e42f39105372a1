import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  matchPath,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_LocationContext as LocationContext,
} from 'react-router';
import { createStore, useStore } from './store';

/**
 * The router, split in two (issue 31, tab switch). React 19 runs every reader of a changed
 * context below its provider, even one under a nearer provider of the same context: with the URL
 * in BrowserRouter's context, each click ran every location reader of the ten kept pages, though
 * each of them reads its own frozen location (PageScope). So the router's own location is the
 * first one and never changes; the current one is given by LiveLocation to the app-level screens
 * only (frame, menus, tabs, login), and the kept pages are hosted beside them (KeepAlive).
 */
const history = createBrowserHistory({ v5Compat: true });
const current = createStore({ location: history.location, action: history.action });
// A history takes one listener: this store hands the change on to everyone who follows it.
history.listen(({ location, action }) => current.set({ location, action }));

/** The current location and how it was reached, outside the router's context. */
export const useCurrentLocation = () => useStore(current);

/** Whether the current URL is `pattern` (React Router's matching), following only that answer. */
export const useAtPath = (pattern: string) =>
  useSyncExternalStore(current.subscribe, () => matchPath(pattern, current.get().location.pathname) !== null);

export const AppRouter = ({ children }: { children: ReactNode }) => {
  const [first] = useState(() => history.location);
  return (
    <Router location={first} navigator={history}>
      {children}
    </Router>
  );
};

/** The current location for the screens below, as BrowserRouter would give it. */
export const LiveLocation = ({ children }: { children: ReactNode }) => {
  const { location, action } = useCurrentLocation();
  const value = useMemo(() => ({ location, navigationType: action }), [location, action]);
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
};
