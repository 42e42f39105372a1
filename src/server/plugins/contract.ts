import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ResourceDef } from '../../domain/resource';
import { describeCodes } from '../contract/code-labels';
import { reuseComponents } from '../contract/components';
import { errorResponses } from '../contract/error-responses';
import { operationName } from '../contract/operation-names';
import { unallowedNulls, unnamedFields } from '../contract/unnamed-fields';
import { refuseUnknownQuery } from '../contract/validator';
import { liveSchema } from '../contract/live-schemas';
import { customizedDocument } from '../customize/openapi-overlay';
import type { Overlay } from '../../domain/customization';
import { withWebhookEvents } from '../webhooks/openapi-events';
import { IDEMPOTENCY_HEADER } from './idempotency';
import { API_PREFIX } from './envelope';

const permissionOf = (route: RouteOptions) => {
  const config = (route.config ?? {}) as { public?: boolean; permission?: unknown };
  if (config.public) return 'none (public)';
  if (typeof config.permission === 'function') return "decided per request (the document type's policy object)";
  return typeof config.permission === 'string' ? config.permission : 'any signed-in user';
};

/** The resource a route acts on (`/inventory/inbounds/{id}/confirm`: inbounds), if one is declared. */
const ownerOf = (path: string, resources: ResourceDef[]) =>
  resources
    .filter((r) => path === r.api || path.startsWith(`${r.api}/`))
    .sort((a, b) => b.api.length - a.api.length)[0];

/** Who may call an operation unlike the document's default (a session or a key). */
const securityOf = (config: { public?: boolean; signedUrl?: boolean; sessionOnly?: boolean }) =>
  config.public
    ? []
    : (['bearer', ...(config.sessionOnly ? [] : ['apiKey']), ...(config.signedUrl ? ['signedUrl'] : [])].map(
        (scheme) => ({ [scheme]: [] }),
      ) as Record<string, string[]>[]);

/**
 * The OpenAPI 3.1 document is read off the mounted routes (@fastify/swagger collects every one of
 * them), so no route exists without its entry: the engine's carry their schemas from the
 * declarations, hand-written ones theirs, and each gets the envelope, the error answers, its
 * policy object (`x-permission`) and its security. JSON at /api/docs/openapi.json, a readable
 * reference (Swagger UI, served from the package, nothing from outside) at /api/docs.
 */
export async function installContract(
  app: FastifyInstance,
  resources: ResourceDef[],
  checkAnswers = false,
  overlay: () => Overlay = () => ({}),
) {
  if (checkAnswers) guardAgainstDroppedFields(app);
  // The document names what each operation takes: JSON, or the form it says. Fastify would read
  // text/plain too, as a string, so JSON sent under it was refused as a wrong shape (40001) rather
  // than as a media type the API does not take (415, as for any other).
  app.removeContentTypeParser('text/plain');
  app.addHook('preHandler', refuseUnknownQuery);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Logistics back office API',
        version: '1.0',
        description:
          'Every answer is `{ code, message, data }`; 20000 is success. Lists take pageIndex, pageSize (<= 1000), sort=-a,b, q and the filters of their fields. Messages follow Accept-Language (en, zh, es, ja).',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: "A person's session: the `access_token` POST /system/users/login answered.",
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'lbo_…',
            description:
              "An organization's API key, as POST /system/apiKeys answered it once (`Authorization: Bearer lbo_…`): acts for that organization alone, with the key's role. Operations that need a person's own session list only `bearer`.",
          },
          signedUrl: {
            type: 'apiKey',
            in: 'query',
            name: 'signature',
            description: 'A URL /oss/sign answered, with its `expires` and `signature`: for images in <img>.',
          },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
      // Relative to where the document is served: the paths below already carry /api/1.0.
      servers: [{ url: '/', description: 'This server' }],
    },
    transformObject: (document) =>
      'openapiObject' in document ? withWebhookEvents(reuseComponents(document.openapiObject)) : document.swaggerObject,
    transform: ({ schema, url, route }) => {
      const methods = ([] as string[]).concat(route.method);
      if (!url.startsWith(API_PREFIX) || methods.every((m) => m === 'HEAD'))
        return { schema: { ...schema, hide: true }, url };
      const config = (route.config ?? {}) as { public?: boolean; signedUrl?: boolean; sessionOnly?: boolean };
      const own = (schema ?? {}) as Record<string, unknown>;
      const path = url.slice(API_PREFIX.length).replace(/:(\w+)/g, '{$1}');
      const owner = ownerOf(path, resources);
      const method = methods.find((m) => m !== 'HEAD')!;
      const named = operationName(method, path, owner);
      return {
        url,
        schema: describeCodes({
          operationId: named.operationId,
          summary: named.summary,
          ...own,
          tags: (own.tags as string[] | undefined) ?? [owner?.name ?? path.split('/').filter(Boolean)[0] ?? 'api'],
          ...((config.public || config.sessionOnly || config.signedUrl) && { security: securityOf(config) }),
          'x-permission': permissionOf(route),
          ...(method === 'POST' && !config.public && { headers: idempotencyHeader }),
          response: { ...errorResponses(route, method, path), ...(own.response as object | undefined) },
        }),
      };
    },
  });
  // The document is made once from the routes; the customizations in force are brought in per request.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'none', deepLinking: true },
    transformSpecification: (document) => customizedDocument(document as Record<string, unknown>, overlay()),
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () =>
    customizedDocument(app.swagger() as unknown as Record<string, unknown>, overlay()),
  );
}

/** Documented on every POST a caller makes (plugins/idempotency.ts). */
const idempotencyHeader = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description:
        'Any unique string (a UUID): a repeat with the same key, method, path and body within 24 hours answers the first answer without doing it again; the same key with another request answers 422.',
    },
  },
};

/**
 * Tests only: an answer holding a field its schema does not name, or a null where it types none,
 * fails loudly (50000, the paths in the log and the error) instead of being cut or turned into ""
 * or 0 by the serializer, so a hand-written route whose schema lags its handler, or a field typed
 * non-null that can be empty, cannot change data unnoticed.
 */
function guardAgainstDroppedFields(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    const { method, url = '' } = request.routeOptions;
    const responses = (liveSchema(String(method), url)?.response ?? request.routeOptions.schema?.response) as
      Record<string, Record<string, unknown>> | undefined;
    const schema = responses?.[reply.statusCode] ?? responses?.['2xx'];
    const unnamed = unnamedFields(schema, payload);
    if (unnamed.length)
      throw new Error(
        `${request.method} ${request.routeOptions.url} answers fields its schema does not name: ${unnamed.slice(0, 10).join(', ')}`,
      );
    const nulls = unallowedNulls(schema, payload);
    if (nulls.length)
      throw new Error(
        `${request.method} ${request.routeOptions.url} answers null where its schema types none: ${nulls.slice(0, 10).join(', ')}`,
      );
    return payload;
  });
}
