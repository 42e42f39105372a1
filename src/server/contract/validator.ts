import type { FastifyReply, FastifyRequest, FastifySchemaCompiler, HookHandlerDoneFunction } from 'fastify';
import type { FieldSchema } from '../../domain/resource';
import { bodyProblems, compileBody } from '../engine/validate';
import { AppError, validationError, type FieldProblem } from '../errors';
import { API_PREFIX } from '../plugins/envelope';
import { declarationsVersion } from '../../../resources/overlay';
import { liveSchema } from './live-schemas';

/**
 * The one compiler every route's input goes through: a body is checked by the very schema the
 * document shows for it, so the contract and the check cannot differ. A refusal is the 40001
 * envelope with a translated problem per field. Path and query values arrive as text and are
 * read by their handlers (an id that is not one names no record: 404), so only bodies are
 * checked here; a query's names are checked by refuseUnknownQuery.
 */
export const contractCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart, method, url }) => {
  if (httpPart !== 'body' || isForm(schema)) return readByHandler;
  let current = schema;
  let validate = compileBody(schema);
  let compiledAt = declarationsVersion();
  // A JSON null is a body, and not an object: refused as such, never handed to the handler.
  return (body) => {
    // A body of a resource an admin has since changed is checked by its schema now (live-schemas.ts).
    if (compiledAt !== declarationsVersion()) {
      compiledAt = declarationsVersion();
      current = (liveSchema(method, url)?.body as object | undefined) ?? schema;
      validate = compileBody(current);
    }
    return validate(body)
      ? true
      : { error: validationError(bodyProblems(validate.errors ?? [], current as FieldSchema)) };
  };
};

const readByHandler = () => true;

/**
 * Fastify hands a validator null for a request sent without a body, as for a JSON null: one sent
 * without any (no type, nothing to parse) is read as an empty body before the check, so its
 * required fields are what is missing and only a null sent is refused.
 */
export async function absentBodyIsEmpty(request: FastifyRequest) {
  if (request.body === undefined && request.headers['content-type'] === undefined) request.body = {};
}

/** A form carrying a file (upload, import) is streamed by its handler: there is no JSON body to check. */
const isForm = (schema: { properties?: Record<string, { format?: string }> }) =>
  Object.values(schema.properties ?? {}).some((property) => property.format === 'binary');

/**
 * Checked bodies are refused only after the caller is known and allowed (the auth hook runs in
 * preHandler): an anonymous caller learns nothing about a body's rules, and a refusal of the
 * caller comes before one of the input, as it did when handlers checked their bodies.
 */
export async function refuseInvalidInput(request: FastifyRequest) {
  if (request.validationError) throw request.validationError;
}

/**
 * A query may name only what its route's querystring schema declares, as a list's may name only
 * its fields (list-query.ts): a misspelt option or a parameter of another operation answers 40001
 * naming it instead of passing for applied. A signed file URL's `expires` and `signature`, a live
 * stream's `ticket` are declared by their routes. Refused once the caller is let in, as bodies
 * are: an app-wide preHandler runs after auth's. A callback, not async: it runs on every request.
 */
export function refuseUnknownQuery(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const { config, schema } = request.routeOptions;
  if (!request.url.startsWith(API_PREFIX) || request.is404 || config.queryCheckedByHandler) return done();
  const declared = (schema?.querystring as { properties?: object } | undefined)?.properties ?? {};
  const unknown = Object.keys(request.query as object).filter((name) => !Object.hasOwn(declared, name));
  if (!unknown.length) return done();
  done(validationError(unknown.map((field) => ({ field, key: 'errors.unknownField', params: { field } }))));
}

/**
 * The body's problems by its documented schema, for a handler that answers them with its own in
 * one 40001, or after refusing the record itself: the compiler checked it, the handler says when.
 */
export function schemaProblems(request: FastifyRequest): FieldProblem[] {
  const error = request.validationError;
  if (!error) return [];

  if (error instanceof AppError && error.errors) return error.errors;
  throw error;
}
