import { matchPath } from 'react-router';
import { resources } from '../../../resources';
import { pages } from '../../../resources/pages';
import { screenPaths, type ResourceDef } from '../../domain/resource';

export const PROFILE_PATH = '/profile/index';

type Screen = 'list' | 'create' | 'edit' | 'show';

/**
 * What the layout knows about a path (vue-element-admin's route meta contract): the title's
 * translation key, whether it is kept alive when its tab is left, and the resource and screen
 * it shows (for the breadcrumb). Undefined for helper routes (/redirect, /) and unknown paths.
 */
export interface RouteMeta {
  titleKey: string;
  noCache: boolean;
  resource?: ResourceDef;
  screen?: Screen;
}

const PUBLIC_TITLES: Record<string, string> = {
  '/login': 'login.title',
  '/404': 'pages.notFound.title',
  '/401': 'pages.unauthorized.title',
  '/auth-redirect': 'pages.authRedirect.title',
};

export const routeMeta = (pathname: string): RouteMeta | undefined => {
  if (PUBLIC_TITLES[pathname]) return { titleKey: PUBLIC_TITLES[pathname], noCache: true };
  // The profile always shows fresh data: hidden from the menu and never cached (SPEC 2).
  if (pathname === PROFILE_PATH) return { titleKey: 'layout.profile.title', noCache: true };
  const page = pages.find((p) => matchPath({ path: p.path, end: true }, pathname));
  if (page) return { titleKey: page.title, noCache: false };
  // Static paths of every resource before any with `:id`, as the router ranks them: `/create`, or
  // the deliveries list at `/orders/deliveries`, is not read as a record id of the orders.
  return screens.find(({ path }) => matchPath({ path, end: true }, pathname))?.meta;
};

const screens = resources
  .flatMap((r) => {
    const paths = screenPaths(r);
    return (['list', 'create', 'edit', 'show'] as const).map((screen) => ({
      path: paths[screen],
      meta: { titleKey: `${r.name}.titles.${screen}`, noCache: false, resource: r, screen } satisfies RouteMeta,
    }));
  })
  .sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
