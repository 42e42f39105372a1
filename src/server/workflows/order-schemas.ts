import type { EntitySchema } from '../../domain/resource';
import type { Json } from '../contract/route-schemas';
import { INT4_MAX } from '../engine/sql';

/**
 * Schema words of the mall's hand-written routes (orders, cart, deliveries). Their bodies are
 * documented from the very schemas the handlers validate with, so the document cannot promise a
 * rule the handler does not keep.
 */

/**
 * A handler's input schema as a documented body, with a description per field. It keeps its
 * `x-messages`: the body is checked by this very schema, and they pick the translated message of a
 * broken rule.
 */
export const bodyOf = (schema: EntitySchema, descriptions: Record<string, string>): Json => {
  const { $id: _id, properties, ...rest } = schema;
  return {
    ...rest,
    properties: Object.fromEntries(
      Object.entries(properties).map(([field, s]) => [
        field,
        { ...s, ...(descriptions[field] && { description: descriptions[field] }) },
      ]),
    ),
  };
};

/** The id of a record a body points at; out of range it is refused as the missing record it is. */
export const rowId = {
  type: 'integer',
  minimum: 1,
  maximum: INT4_MAX,
  'x-messages': { minimum: 'validation.ref', maximum: 'validation.ref' },
} as const;
