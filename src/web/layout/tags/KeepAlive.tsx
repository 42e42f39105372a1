import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { useLocation, useOutlet, type Location } from 'react-router';
import { useLayoutSettings } from '../../providers/layout-settings';
import { routeMeta } from '../route-meta';
import { PageFrame } from './PageFrame';
import { useViews } from './tags-store';

/**
 * Keep-alive for tabs. React Router 7 has no <keep-alive>: a route's element unmounts when the
 * location changes. So the pages of open tabs stay mounted and hidden (display: none), each under
 * its own router scope (PageScope) so a hidden list neither reads nor rewrites the current URL.
 * Lists, forms and detail pages are all kept, so a half-filled form survives a look elsewhere.
 * At most LIMIT pages are kept; the least recently used beyond that re-mount when reopened.
 */
const LIMIT = 10;

interface Entry {
  element: ReactElement | null;
  location: Location;
}

export const KeepAlive = () => {
  const outlet = useOutlet();
  const location = useLocation();
  const views = useViews();
  const { tagsView } = useLayoutSettings();
  const cache = useRef(new Map<string, Entry>());
  const scroll = useRef(new Map<string, number>());
  const current = location.pathname;
  const meta = routeMeta(current);
  const cacheable = tagsView && !!meta && !meta.noCache;

  const entries = cache.current;
  const open = new Set(views.map((v) => v.path));
  for (const path of [...entries.keys()]) if (path !== current && (!open.has(path) || !tagsView)) entries.delete(path);
  if (cacheable) {
    entries.delete(current);
    entries.set(current, { element: outlet, location });
    while (entries.size > LIMIT) entries.delete(entries.keys().next().value!);
  }

  // Each page keeps its own scroll position: the window is shared by all of them.
  const previous = useRef(current);
  useLayoutEffect(() => {
    if (previous.current === current) return;
    scroll.current.set(previous.current, window.scrollY);
    previous.current = current;
    window.scrollTo(0, entries.has(current) ? (scroll.current.get(current) ?? 0) : 0);
  }, [current, entries]);

  const versionOf = (path: string) => views.find((v) => v.path === path)?.version ?? 0;
  return (
    <>
      {[...entries].map(([path, entry]) => (
        <PageFrame
          key={path}
          path={path}
          shown={path === current}
          location={path === current ? location : entry.location}
          version={versionOf(path)}
          element={path === current ? outlet : entry.element}
        />
      ))}
      {!cacheable && <PageFrame key={current} path={current} shown location={location} version={versionOf(current)} element={outlet} />}
    </>
  );
};
