import { API_PREFIX } from '../plugins/envelope';

type Json = Record<string, unknown>;

/**
 * Routes whose schemas follow the declarations in force (an admin's added field,
 * resources/overlay.ts). Fastify keeps the schemas a route was mounted with; the answer's
 * serializer (app.ts), the body's check (validator.ts) and the tests' answer guard ask here for
 * them again whenever the declarations' version moved.
 */
const builders = new Map<string, () => Json>();
const routeKey = (method: string, url: string) =>
  `${method} ${url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url}`;

export const followDeclarations = (method: string, url: string, build: () => Json) => {
  builders.set(routeKey(method, url), build);
};

/** The schemas of the route at `method url` as the declarations in force make them, if it follows them. */
export const liveSchema = (method: string, url: string): Json | undefined => builders.get(routeKey(method, url))?.();

/** The answer schema of such a route, for one status. */
export const liveResponse = (method: string, url: string, status: string): Json | undefined =>
  (liveSchema(method, url)?.response as Record<string, Json> | undefined)?.[status];

/** Route options adding nothing: registers the route as following the declarations, spread beside its schemas. */
export const followed = (method: string, url: string, build: () => Json) => {
  followDeclarations(method, url, build);
  return {};
};
