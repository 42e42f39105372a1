import { useContext, useMemo, type ReactNode } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  useNavigationType,
  type Location,
  type Navigator,
} from 'react-router';

/**
 * The router as one kept-alive page sees it: its own location, frozen while its tab is in the
 * background, and a navigator that only moves while the page is the one shown. Without this a
 * hidden list would read the current URL as its own, and its late URL syncs (Refine's
 * syncWithLocation) would pull the user back to it.
 */
export const PageScope = ({ path, location, children }: { path: string; location: Location; children: ReactNode }) => {
  const navigation = useContext(NavigationContext);
  const navigationType = useNavigationType();
  const value = useMemo(() => {
    const real = navigation.navigator;
    // Checked when the call happens, not when the page last rendered.
    const shown = () => window.location.pathname === path;
    const navigator: Navigator = {
      ...real,
      createHref: (to) => real.createHref(to),
      go: (delta) => shown() && real.go(delta),
      push: (to, state, opts) => shown() && real.push(to, state, opts),
      replace: (to, state, opts) => shown() && real.replace(to, state, opts),
    };
    return { ...navigation, navigator };
  }, [navigation, path]);
  // The router's navigation type is fixed with its location (providers/router.tsx): the value
  // changes with the page's own location only.
  const locationValue = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  return (
    <NavigationContext.Provider value={value}>
      <LocationContext.Provider value={locationValue}>{children}</LocationContext.Provider>
    </NavigationContext.Provider>
  );
};
