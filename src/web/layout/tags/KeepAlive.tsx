import { Suspense, useLayoutEffect, useRef, type ReactElement } from 'react';
import { useLocation, useOutlet, type Location } from 'react-router';
import { PageLoading } from '../../guards';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { useLayoutSettings } from '../../providers/layout-settings';
import { routeMeta } from '../route-meta';
import { PageScope } from './PageScope';
import { refreshView, useViews } from './tags-store';

/**
 * Keep-alive for tabs. React Router 7 has no <keep-alive>: a route's element unmounts when the
 * location changes. So the pages of open tabs stay mounted and hidden (display: none), each under
 * its own router scope (PageScope) so a hidden list neither reads nor rewrites the current URL.
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
  // Lists and dashboards only for now: kept-alive forms and detail pages went stale against
  // edits made elsewhere (a role's resources after saving it), so they re-mount on return.
  const cacheable = tagsView && !!meta && !meta.noCache && (meta.screen ?? 'list') === 'list';

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
  const page = (path: string, element: ReactElement | null) => (
    <ErrorBoundary key={versionOf(path)} onRetry={() => refreshView(path)}>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </ErrorBoundary>
  );

  return (
    <>
      {[...entries].map(([path, entry]) => (
        <div key={path} style={path === current ? undefined : { display: 'none' }} data-page={path}>
          <PageScope path={path} location={path === current ? location : entry.location}>
            {page(path, path === current ? outlet : entry.element)}
          </PageScope>
        </div>
      ))}
      {!cacheable && page(current, outlet)}
    </>
  );
};
