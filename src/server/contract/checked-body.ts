import type { EntitySchema } from '../../domain/resource';
import { validateRecord } from '../engine/validate';
import { validationError } from '../errors';
import type { Json } from './route-schemas';

/**
 * A hand-written route's body checked against the schema it documents, with the engine's
 * translated field-by-field messages: routeSchemas switches Fastify's own validation off, so a
 * handler without checks of its own would otherwise meet a 42 where it expects a string.
 */
export function checkedBody<T>(schema: Json, body: unknown): T {
  const problems = validateRecord(schema as unknown as EntitySchema, body as Record<string, unknown>);
  if (problems.length) throw validationError(problems);
  return body as T;
}
