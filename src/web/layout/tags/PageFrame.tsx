import { memo, Suspense, useCallback, useEffect, useRef } from 'react';
import { keys } from '@refinedev/core';
import { ConfigProvider } from 'antd';
import type { Location } from 'react-router';
import { PageLoading } from '../../guards';
import { queryClient } from '../../providers/query-client';
import { PageRoutes } from '../../routes';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { routeMeta } from '../route-meta';
import { PageScope } from './PageScope';
import { refreshView } from './tags-store';

interface Props {
  path: string;
  location: Location;
  shown: boolean;
  /** Bumped by the tab's Refresh: the page starts afresh. */
  version: number;
}

/**
 * One kept-alive page: shown or hidden with its tab, under its own router scope. Its popups
 * (modals, drawers, dropdowns) render into the page's own layer, so a dialog left open on a page
 * in the background is hidden with it instead of covering the page in front. Memoised: a page in
 * the background gets the same props on every navigation, so it is not rendered again while the
 * user works elsewhere (with ten kept pages each click had grown slow).
 */
export const PageFrame = memo(function PageFrame({ path, location, shown, version }: Props) {
  const layer = useRef<HTMLDivElement>(null);
  // One function for the page's life: a new one would change antd's config context and render
  // every antd component of the page again, hidden or shown, on each tab switch.
  const popupContainer = useCallback(() => layer.current ?? document.body, []);
  const retry = useCallback(() => refreshView(path), [path]);
  const wasShown = useRef(shown);
  useEffect(() => {
    // Back to a page kept in the background: its resource is read again, so a list or record
    // shows what was saved meanwhile. A half-filled form keeps the user's own changes, and a form
    // or record reads at once: a save right after the return must meet the version saved
    // meanwhile (the stale-save check). A list reads once it is painted as it was kept: read at
    // once, its answer (often from the server's cache within milliseconds) rendered the whole
    // list twice, fetching and fetched, before its first frame, a third of a tab switch.
    const meta = routeMeta(path);
    const resource = meta?.resource?.name;
    const returning = shown && !wasShown.current && resource;
    wasShown.current = shown;
    if (!returning) return;
    // Refine's invalidation of the whole resource, on the cache itself: its useInvalidate hook reads
    // the location, and so rendered every kept page's frame again on each click (issue 13).
    // 'default' is the name Refine gives our one data provider.
    const read = () =>
      void queryClient.invalidateQueries(
        { queryKey: keys().data('default').resource(resource).get(), type: 'all', refetchType: 'active' },
        { cancelRefetch: false },
      );
    if (meta.screen !== 'list') return read();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(read);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, path]);

  return (
    <div style={shown ? undefined : { display: 'none' }} data-page={path}>
      <ConfigProvider getPopupContainer={popupContainer}>
        <PageScope path={path} location={location}>
          <ErrorBoundary key={version} onRetry={retry}>
            <Suspense fallback={<PageLoading />}>
              <PageRoutes location={location} />
            </Suspense>
          </ErrorBoundary>
        </PageScope>
      </ConfigProvider>
      <div ref={layer} data-page-layer={path} />
    </div>
  );
});
