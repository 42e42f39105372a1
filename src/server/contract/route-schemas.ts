import { resourceByName } from '../../../resources/index';
import { componentName, documented, embeddedRecordSchema, envelope, idParams, recordSchema } from '../engine/openapi';
import { named, unnamed } from './components';

/**
 * The words hand-written routes use to carry their own schemas, as the engine's routes do: the
 * OpenAPI document is read off them, their answer schema serializes the answer, and the API tests
 * check real answers against both (no unnamed field, no type the document does not allow).
 * A body is checked by the schema it documents: through the one compiler (contract/validator.ts)
 * before its handler runs, or by a handler that adds its own rules, with the same Ajv rules.
 */
export type Json = Record<string, unknown>;

export { idParams };

export const obj = (properties: Record<string, Json>, required?: string[], description?: string): Json => ({
  type: 'object',
  properties,
  ...(required?.length && { required }),
  ...(description && { description }),
});

/** An object whose every property is always in it (null where it has no value), as the rows of a report are. */
export const fullObj = (properties: Record<string, Json>, description?: string): Json =>
  obj(properties, Object.keys(properties), description);

export const arrayOf = (items: Json, description?: string): Json => ({
  type: 'array',
  items,
  ...(description && { description }),
});

export const int = (description?: string): Json => ({ type: 'integer', ...(description && { description }) });
export const num = (description?: string): Json => ({ type: 'number', ...(description && { description }) });
export const str = (description?: string): Json => ({ type: 'string', ...(description && { description }) });
export const bool = (description?: string): Json => ({ type: 'boolean', ...(description && { description }) });
/** An amount of money, rounded to the cent: a number as every amount of the contract is (sql.ts moneyOut). */
export const money = (description?: string): Json => num(description);
/** A calendar day, YYYY-MM-DD. */
export const day = (description?: string): Json => ({ ...str(description), format: 'date' });
/** A value the database may leave empty. */
export const orNull = (schema: Json): Json => ({ ...schema, type: [schema.type as string, 'null'] });

/** A record of a declared resource, exactly as the engine answers it. */
export const recordOf = (resource: string): Json => recordSchema(resourceByName(resource)!);

/**
 * A record of `resource` with fields of the answer's own beside it, always sent, as the component
 * `<Record><suffix>` (`InboundWithProducts`).
 */
export const recordWith = (resource: string, suffix: string, more: Record<string, Json>): Json => {
  const r = resourceByName(resource)!;
  const record = recordSchema(r);
  return named(`${componentName(r)}${suffix}`, {
    ...unnamed(record),
    properties: { ...(record.properties as Json), ...more },
    required: [...(record.required as string[]), ...Object.keys(more)],
  });
};

/** A record with the relation rows its own read embeds (an order with its `lines`), as that read answers it. */
export const recordWithEmbedded = (resource: string): Json =>
  embeddedRecordSchema(resourceByName(resource)!, resourceByName);

type RouteSchemas = {
  summary: string;
  description?: string;
  params?: Json;
  querystring?: Json;
  body?: Json;
  /** The `data` of a successful answer. */
  answer: Json;
  /** A path kept for customers' clients beside its consistent one: OpenAPI's `deprecated`. */
  deprecated?: boolean;
  /**
   * Who refuses a body its schema (`body`) does not allow: the one compiler, before the handler
   * runs ('schema'), or the handler, answering the schema's problems together with those of its
   * own checks in one 40001 ('handler', the default of the routes written that way).
   */
  checkedBy?: 'schema' | 'handler';
};

/** Route options carrying a hand-written route's schemas; spread next to its `config`. */
export const routeSchemas = ({ answer, checkedBy = 'handler', ...rest }: RouteSchemas) =>
  // An absent part is left out, not set to undefined: Fastify warns of a body schema "missing" then.
  documented(
    {
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      response: { 200: envelope(answer) },
    },
    { checkedByHandler: checkedBy === 'handler' && rest.body !== undefined },
  );
