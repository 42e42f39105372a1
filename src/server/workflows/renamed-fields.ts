import type { FastifyRequest } from 'fastify';
import type { EntitySchema } from '../../domain/resource';
import { schemaProblems } from '../contract/validator';
import type { Json } from '../contract/route-schemas';
import type { Rec } from '../engine/records';
import { validationError } from '../errors';
import { bodyOf } from './order-schemas';

/**
 * A body field the API published under one name (an order's `products`) and now names as the rest
 * of the contract does (`lines`, as its answer says): customers' clients still send the old name,
 * so both are read, never together, and the old one stays in the document, deprecated.
 */
export interface Renamed {
  name: string;
  old: string;
}

/**
 * A document's lines (an order's, an inbound's, an outbound's), named as its line resource
 * (`inboundLines`) and its answer name them; `products` is what the API first published.
 */
export const LINES: Renamed = { name: 'lines', old: 'products' };

/**
 * The body with the old name read as the new one, and the name the client used, so that a
 * problem inside the field names what was sent. Both at once answer 40001 on the old one.
 */
export const readRenamed = (body: Rec, { name, old }: Renamed) => {
  if (body[old] === undefined) return { body, sent: name };
  if (body[name] !== undefined) throw validationError([{ field: old, key: 'validation.oldName', params: { name } }]);
  const { [old]: value, ...rest } = body;
  return { body: { ...rest, [name]: value }, sent: old };
};

/** The documented pair: the field under its name, and under its old one, deprecated. */
export const documentRenamed = ({ name, old }: Renamed, schema: Json): Record<string, Json> => ({
  [name]: schema,
  [old]: {
    ...schema,
    deprecated: true,
    description: `Deprecated: the old name of \`${name}\`, still read as it; send \`${name}\` instead (both at once answer 40001).`,
  },
});

/**
 * A body checked by its documented schema (the compiler's problems, named as the client sent each
 * field), read with the renamed field under its name. A field either name may carry cannot be
 * required by the schema, so a `required` one missing under both is this check's problem, in the
 * same 40001.
 */
export const checkedRenamed = (request: FastifyRequest, renamed: Renamed, required = false) => {
  const problems = schemaProblems(request);
  // Not an object (a JSON text or list): nothing to read a name from, the compiler has said so.
  if (!request.body || typeof request.body !== 'object' || Array.isArray(request.body)) throw validationError(problems);
  const { body, sent } = readRenamed(request.body as Rec, renamed);
  if (required && body[renamed.name] === undefined && !problems.some((p) => p.field === sent))
    problems.push({ field: renamed.name, key: 'validation.required' });
  if (problems.length) throw validationError(problems);
  return { input: body, sent };
};

/**
 * The documented body of a schema one field of which is renamed: both names, the old deprecated,
 * and neither required, since either may carry it (the handler refuses a body with none).
 */
export const renamedBody = (schema: EntitySchema, descriptions: Record<string, string>, renamed: Renamed): Json => {
  const { properties, required, ...body } = bodyOf(schema, descriptions) as {
    properties: Record<string, Json>;
    required?: string[];
  };
  const { [renamed.name]: field, ...others } = properties;
  const stillRequired = (required ?? []).filter((f) => f !== renamed.name);
  return {
    ...body,
    ...(stillRequired.length && { required: stillRequired }),
    properties: { ...others, ...documentRenamed(renamed, field) },
  };
};
