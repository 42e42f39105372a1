import { useCallback, useContext, type MouseEvent } from 'react';
import { UNSAFE_NavigationContext as NavigationContext } from 'react-router';

/**
 * React Router's navigator, for what a kept page's many rows hold. useNavigate and <Link> read the
 * location and route contexts, and React 19 calls every reader of a changed context: each page
 * or filter change of a list would run all its rows' buttons and links again (and on every tab
 * switch too, while the pages were under the router's current location: some 700 with seven kept
 * lists, issue 13). The navigator context does not change with the location, so nothing reading it
 * runs again. Paths must be absolute: nothing is resolved against the current route.
 */
export function usePageNavigator() {
  return useContext(NavigationContext).navigator;
}

/** A link's click handler on the page navigator (usePageNavigator): `<a href={to} onClick={go(to)}>`. */
export function usePageNavigate() {
  const navigator = usePageNavigator();
  return useCallback(
    (to: string) => (event: MouseEvent<HTMLElement>) => {
      // A modified or middle click opens the link's href where the browser would (a new tab).
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigator.push(to);
    },
    [navigator],
  );
}
