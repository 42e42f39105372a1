import type { RouteOptions } from 'fastify';
import { Code } from '../../domain/codes';
import { named } from './components';

/**
 * The refusals an operation can really answer, each under its HTTP status with the business codes
 * it carries, instead of one `default` listing all of them on every operation. They follow from
 * what the route declares: who may call it, whether it names a record or writes.
 * The API tests check every real answer against these, so a refusal missing here fails there.
 */

type Schema = Record<string, unknown>;

const fieldErrors = {
  type: 'array',
  description: 'The fields at fault, each with its message in the language asked for.',
  items: {
    type: 'object',
    required: ['field', 'message'],
    properties: {
      field: { type: 'string' },
      message: { type: 'string' },
      sheet: { type: 'string', description: 'An import: the sheet of the file.' },
      row: { type: 'integer', description: 'An import: the row, as Excel numbers it.' },
      column: { type: 'string', description: "An import: the column's header label." },
    },
  },
};

/** The refusal `name` (a component the operations share) under its description. */
const envelope = (name: string, description: string, codes: number[], withFieldErrors = false): Schema => ({
  description,
  content: {
    'application/json': {
      schema: named(name, {
        type: 'object',
        required: ['code', 'message', 'data'],
        properties: {
          code: { type: 'integer', enum: codes },
          message: { type: 'string', description: 'What went wrong, in the language asked for.' },
          data: withFieldErrors
            ? { type: ['object', 'null'], properties: { errors: fieldErrors } }
            : { type: ['object', 'null'] },
        },
      }),
    },
  },
});

/**
 * A body sent with these methods is read whether or not the operation takes one: too large or of a
 * media type the API does not take, it is refused before the operation runs.
 */
const readsBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

export function errorResponses(route: RouteOptions, method: string, path: string): Record<string, Schema> {
  const config = (route.config ?? {}) as { public?: boolean; signedUrl?: boolean; permission?: unknown };
  const writes = method !== 'GET';
  const namesRecord = path.includes('{');
  const answers: Record<string, Schema> = {};
  // Any operation refuses a query parameter it does not declare (contract/validator.ts).
  answers['400'] = envelope(
    'InvalidInputError',
    'Invalid input (40001): the fields at fault are listed, an undeclared query parameter among them.',
    [Code.validation],
    true,
  );
  answers['401'] = config.public
    ? envelope('WrongCredentialsError', 'Wrong account or password (60204).', [Code.wrongCredentials])
    : envelope('UnauthenticatedError', 'No valid session or key (50008), or an expired one (50014).', [
        Code.invalidToken,
        Code.tokenExpired,
      ]);
  if (!config.public && !config.signedUrl)
    answers['403'] = envelope('ForbiddenError', 'The caller lacks the right this operation needs (40301).', [
      Code.forbidden,
    ]);
  // A record or a referenced one outside the caller's organizations is missing to them, not forbidden.
  if (namesRecord || writes || config.signedUrl)
    answers['404'] = envelope('NotFoundError', 'No such record, or not one the caller may see (40401).', [
      Code.notFound,
    ]);
  if (writes && !config.public)
    answers['409'] = envelope(
      'ConflictError',
      method === 'POST'
        ? 'The record moved on: a wrong state, a stale version, a duplicate or too little stock; or a request with the same Idempotency-Key is still running (40901).'
        : 'The record moved on: a wrong state, a stale version, a duplicate or too little stock (40901).',
      [Code.conflict],
    );
  // plugins/idempotency.ts: a key sent again with another request.
  if (method === 'POST' && !config.public)
    answers['422'] = envelope(
      'IdempotencyKeyReusedError',
      'The Idempotency-Key was first used with another method, path or body (42201); nothing was done.',
      [Code.idempotencyKeyReused],
    );
  if (readsBody(method)) {
    answers['413'] = envelope('TooLargeError', 'The body or file is too large (41301).', [Code.tooLarge]);
    answers['415'] = envelope('UnsupportedMediaTypeError', 'A media type the operation does not take (41501).', [
      Code.unsupportedMedia,
    ]);
  }
  if (config.public)
    answers['429'] = envelope('TooManyAttemptsError', 'Too many failed attempts: try again later (42901).', [
      Code.rateLimited,
    ]);
  // Calls made with an API key are limited per key (plugins/key-rate-limit.ts).
  else
    answers['429'] = {
      ...envelope(
        'KeyRateLimitedError',
        'Calls made with one API key past its limit per minute (42901): Retry-After says in how many seconds to try again.',
        [Code.rateLimited],
      ),
      // @fastify/swagger puts a header's JSON schema under the header's `schema` itself.
      headers: { 'Retry-After': { type: 'integer', description: 'Seconds until the key may call again.' } },
    };
  answers.default = envelope(
    'InternalError',
    'An unexpected failure (50000); the server logs it, the answer holds no details.',
    [Code.internal],
  );
  return answers;
}
