import { useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { Location } from 'react-router';
import { useLayoutSettings } from '../../providers/layout-settings';
import { useCurrentLocation } from '../../providers/router';
import { inFrame } from '../../routes';
import { routeMeta } from '../route-meta';
import { PageFrame } from './PageFrame';
import { usePageSlot } from './page-slot';
import { useViews } from './tags-store';

/**
 * Keep-alive for tabs. React Router 7 has no <keep-alive>: a route's element unmounts when the
 * location changes. So the pages of open tabs stay mounted and hidden (display: none), each under
 * its own router scope (PageScope) so a hidden list neither reads nor rewrites the current URL.
 * Lists, forms and detail pages are all kept, so a half-filled form survives a look elsewhere.
 * At most LIMIT pages are kept; the least recently used beyond that re-mount when reopened.
 * Rendered beside the app-level routes, into the frame's page slot: under them, every page would
 * run its location readers again on each click (providers/router.tsx).
 */
const LIMIT = 10;

const sameUrl = (a: Location, b: Location) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state;

export const KeepAlive = () => {
  const { location } = useCurrentLocation();
  const slot = usePageSlot();
  const views = useViews();
  const { tagsView } = useLayoutSettings();
  const cache = useRef(new Map<string, Location>());
  const scroll = useRef(new Map<string, number>());
  const current = location.pathname;
  const meta = routeMeta(current);
  const framed = inFrame(current);
  const cacheable = framed && tagsView && !!meta && !meta.noCache;

  const entries = cache.current;
  const open = new Set(views.map((v) => v.path));
  for (const path of [...entries.keys()]) if (path !== current && (!open.has(path) || !tagsView)) entries.delete(path);
  if (cacheable) {
    // Back at a kept page's URL (its tab clicked): its own location again, so React finds nothing
    // changed beneath it and shows it without rendering it anew (issue 13).
    const kept = entries.get(current);
    entries.delete(current);
    entries.set(current, kept && sameUrl(kept, location) ? kept : location);
    while (entries.size > LIMIT) entries.delete(entries.keys().next().value!);
  }

  // Each page keeps its own scroll position: the window is shared by all of them. The position is
  // followed as the user scrolls, not read at the switch: read there, after the pages swapped, it
  // made the browser lay out the page in the middle of the commit.
  const scrolledTo = useRef(0);
  useEffect(() => {
    const follow = () => {
      scrolledTo.current = window.scrollY;
    };
    window.addEventListener('scroll', follow, { passive: true });
    return () => window.removeEventListener('scroll', follow);
  }, []);
  const previous = useRef(current);
  useLayoutEffect(() => {
    if (previous.current === current) return;
    scroll.current.set(previous.current, scrolledTo.current);
    previous.current = current;
    const target = entries.has(current) ? (scroll.current.get(current) ?? 0) : 0;
    if (target !== scrolledTo.current) window.scrollTo(0, target);
  }, [current, entries]);

  const versionOf = (path: string) => views.find((v) => v.path === path)?.version ?? 0;
  if (!slot || !framed) return null;
  return createPortal(
    <>
      {[...entries].map(([path, kept]) => (
        <PageFrame key={path} path={path} shown={path === current} location={kept} version={versionOf(path)} />
      ))}
      {!cacheable && <PageFrame key={current} path={current} shown location={location} version={versionOf(current)} />}
    </>,
    slot,
  );
};
