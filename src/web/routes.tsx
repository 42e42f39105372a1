import { lazy, memo, Suspense, useMemo, type ReactElement } from 'react';
import {
  createRoutesFromElements,
  matchPath,
  Navigate,
  Route,
  Routes,
  useLocation,
  useRoutes,
  type Location,
} from 'react-router';
import { useIsAuthenticated } from '@refinedev/core';
import { pages } from '../../resources/pages';
import { screenPaths, type ResourceDef } from '../domain/resource';
import { AppLayout } from './layout/AppLayout';
import { PROFILE_PATH } from './layout/route-meta';
import { Guard, HomeRedirect, PageLoading, ToLogin } from './guards';
import { AuthRedirectPage, RedirectPage } from './pages/RedirectPages';
import { MOVED_PATHS } from './moved-paths';
import { pageComponents } from './pages/page-components';
import { useCustomizationsSettled, useDeclarations } from './customize-runtime';

/**
 * A path no route knows: "not found" once the server's customizations were heard, as it may be an
 * added record type's page opened by a link or a reload before they arrive (customize-runtime.ts).
 */
const NotFound = () => (useCustomizationsSettled() ? <Navigate to="/404" replace /> : <PageLoading />);

// Split by route (STACK pitfall): the engine's screens load when first opened, as the hand-written pages do (pages/page-components.ts).
const ListPage = lazy(() => import('./engine/ListPage'));
const FormPage = lazy(() => import('./engine/FormPage'));
const ShowPage = lazy(() => import('./engine/ShowPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const ErrorPage = lazy(() => import('./pages/ErrorPage'));

/** A resource's screens, keyed by the declarations' version so an open one takes an admin's new fields. */
const resourceRoutes = (r: ResourceDef, version: number) => {
  const paths = screenPaths(r);
  const routes = [
    <Route
      key={`${r.name}-list-${version}`}
      path={paths.list}
      element={
        <Guard resource={r.name} action="list">
          <ListPage key={`${r.name}-list-${version}`} def={r} />
        </Guard>
      }
    />,
    <Route
      key={`${r.name}-show-${version}`}
      path={paths.show}
      element={
        <Guard resource={r.name} action="show">
          <ShowPage key={`${r.name}-show-${version}`} def={r} />
        </Guard>
      }
    />,
  ];
  if (r.actions.includes('create')) {
    routes.push(
      <Route
        key={`${r.name}-create-${version}`}
        path={paths.create}
        element={
          <Guard resource={r.name} action="create">
            <FormPage key={`${r.name}-create-${version}`} def={r} action="create" />
          </Guard>
        }
      />,
    );
  }
  if (r.actions.includes('edit')) {
    routes.push(
      <Route
        key={`${r.name}-edit-${version}`}
        path={paths.edit}
        element={
          <Guard resource={r.name} action="edit">
            <FormPage key={`${r.name}-edit-${version}`} def={r} action="edit" />
          </Guard>
        }
      />,
    );
  }
  return routes;
};

/** A moved screen's old path: the new one, with the same filters. */
const Moved = ({ to }: { to: string }) => {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
};

/**
 * The frame for a signed-in user, the login page otherwise, as Refine's <Authenticated> with a
 * fallback decides it. Not that component: it reads the location (for a redirect a fallback never
 * uses), so it ran on every click with the frame's route (issue 31, tab switch).
 */
const Shell = () => {
  const { isFetching, data } = useIsAuthenticated();
  if (isFetching) return <PageLoading />;
  return data?.authenticated ? <AppLayout /> : <ToLogin />;
};

/**
 * The screens inside the signed-in frame, each a page of the workspace: KeepAlive renders them,
 * each page for its own location, beside the frame rather than in its outlet (providers/router.tsx).
 */
const pageRoutes = ({ version, resources }: ReturnType<typeof useDeclarations>) =>
  createRoutesFromElements(
    <>
      <Route index element={<HomeRedirect />} />
      {pages.map((p) => {
        const Page = pageComponents[p.name];
        return (
          <Route
            key={p.name}
            path={p.path}
            element={
              <Guard resource={p.name} action="list">
                <Page />
              </Guard>
            }
          />
        );
      })}
      <Route path={PROFILE_PATH} element={<ProfilePage />} />
      {/* Inside the frame so a tab's refresh keeps the other tabs alive. */}
      <Route path="/redirect/*" element={<RedirectPage />} />
      {resources.flatMap((r) => resourceRoutes(r, version))}
      {Object.entries(MOVED_PATHS).map(([from, to]) => (
        <Route key={from} path={from} element={<Moved to={to} />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </>,
  );

/** The page a workspace location shows. Memoised: a kept page's location changes only with its own URL. */
export const PageRoutes = memo(function PageRoutes({ location }: { location: Location }) {
  // Made again when an admin's customization is installed: its record types get their screens.
  const declarations = useDeclarations();
  const routes = useMemo(() => pageRoutes(declarations), [declarations]);
  return useRoutes(routes, location);
});

/** Screens outside the signed-in frame, by path (the login page is outside Refine: App.tsx). */
const publicScreens: Record<string, ReactElement> = {
  '/auth-redirect': <AuthRedirectPage />,
  ...Object.fromEntries(
    ([404, 401] as const).map((status) => [
      `/${status}`,
      <Suspense key={status} fallback={<PageLoading />}>
        <ErrorPage status={status} />
      </Suspense>,
    ]),
  ),
};

/** Whether a URL is a page of the signed-in frame, which KeepAlive shows. */
export const inFrame = (pathname: string) => !Object.keys(publicScreens).some((path) => matchPath(path, pathname));

/**
 * Public: auth-redirect, 404, 401; /redirect is a helper inside the signed-in frame, as in
 * vue-element-admin. Everything else needs a session (SPEC 2, C13) and is a page of the frame
 * (pageRoutes), which the frame's route matches whole.
 */
export const AppRoutes = () => (
  <Routes>
    <Route element={<Shell />}>
      <Route path="*" />
    </Route>
    {Object.entries(publicScreens).map(([path, element]) => (
      <Route key={path} path={path} element={element} />
    ))}
  </Routes>
);
