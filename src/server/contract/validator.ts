import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FieldSchema } from '../../domain/resource';
import { bodyProblems, compileBody } from '../engine/validate';
import { AppError, validationError, type FieldProblem } from '../errors';

/**
 * The one compiler every route's input goes through: a body is checked by the very schema the
 * document shows for it, so the contract and the check cannot differ. A refusal is the 40001
 * envelope with a translated problem per field. Path and query values arrive as text and are
 * read by their handlers (an id that is not one names no record: 404), so only bodies are
 * checked here.
 */
export const contractCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  if (httpPart !== 'body' || isForm(schema)) return readByHandler;
  const validate = compileBody(schema);
  // A JSON null is a body, and not an object: refused as such, never handed to the handler.
  return (body) =>
    validate(body) ? true : { error: validationError(bodyProblems(validate.errors ?? [], schema as FieldSchema)) };
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
 * The body's problems by its documented schema, for a handler that answers them with its own in
 * one 40001, or after refusing the record itself: the compiler checked it, the handler says when.
 */
export function schemaProblems(request: FastifyRequest): FieldProblem[] {
  const error = request.validationError;
  if (!error) return [];

  if (error instanceof AppError && error.errors) return error.errors;
  throw error;
}
