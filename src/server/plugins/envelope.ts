import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../domain/codes';
import type { ErrorObject } from 'ajv';
import { AppError } from '../errors';
import { ajvProblems } from '../engine/validate';
import { LANGUAGES, pickLanguage, translator, type Language } from '../i18n';
import type { loadLocales } from '../i18n';

export const API_PREFIX = '/api/1.0';

/** Fastify's own errors that are the client's fault, mapped to our codes. */
const clientErrors: Record<string, { status: number; code: number; key: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: Code.validation, key: 'errors.badJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: Code.validation, key: 'errors.badJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: Code.tooLarge, key: 'errors.tooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: Code.unsupportedMedia, key: 'errors.unsupportedMedia' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: Code.validation, key: 'errors.badJson' },
};

/**
 * Every /api reply is `{ code, message, data }` in the caller's language: success, our AppErrors,
 * Fastify's parsing errors, unknown routes and crashes alike. A crash answers 50000 with a message
 * only; its stack goes to the server log.
 */
export function installEnvelope(
  app: FastifyInstance,
  locales: ReturnType<typeof loadLocales>,
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean,
) {
  app.decorateRequest('lang', 'en' as Language);
  app.decorateRequest('t', null as never);
  // Hooks that call back rather than return a promise, as these two run on every request: an async
  // hook costs Fastify a promise and a tick each (issue 31's profile of a record read).
  const translators = Object.fromEntries(LANGUAGES.map((lang) => [lang, translator(locales, lang)]));
  const success = Object.fromEntries(LANGUAGES.map((lang) => [lang, translators[lang]('success')]));
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.lang;
    request.lang = pickLanguage(Array.isArray(header) ? header[0] : header, request.headers['accept-language']);
    request.t = translators[request.lang];
    done();
  });

  app.addHook('preSerialization', (request, reply, payload, done) => {
    // Error replies are built whole by the handlers below.
    if (!request.url.startsWith(API_PREFIX) || reply.statusCode >= 400) done(null, payload);
    else done(null, { code: Code.ok, message: success[request.lang], data: payload ?? null });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const t = request.t ?? translator(locales, 'en');
    if (error instanceof AppError) {
      const errors = error.errors?.map((e) => ({ ...e.at, field: e.field, message: t(e.key, e.params) }));
      return reply.status(error.status).send({
        code: error.code,
        message:
          errors?.length === 1 && error.code === Code.validation ? errors[0].message : t(error.key, error.params),
        data: errors ? { errors } : null,
      });
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send({ code: known.code, message: t(known.key), data: null });
    if (error.validation) {
      const errors = ajvProblems(error.validation as ErrorObject[]).map((p) => ({
        field: p.field,
        message: t(p.key, p.params),
      }));
      const message = errors.length === 1 ? errors[0].message : t('errors.validation');
      return reply.status(400).send({ code: Code.validation, message, data: { errors } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return reply
        .status(error.statusCode)
        .send({ code: Code.validation, message: t('errors.badRequest', { detail: error.message }), data: null });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: Code.internal, message: t('errors.internal'), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaFallback?.(request, reply)) return;
    reply.status(404).send({
      code: Code.notFound,
      message: request.t('errors.routeNotFound', { method: request.method, url: request.url.split('?')[0] }),
      data: null,
    });
  });
}
