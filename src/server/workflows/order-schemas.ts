import type { EntitySchema } from '../../domain/resource';
import { arrayOf, int, obj, recordOf, type Json } from '../contract/route-schemas';
import { INT4_MAX } from '../engine/sql';

/**
 * Schema words of the mall's hand-written routes (orders, cart, deliveries). Their bodies are
 * documented from the very schemas the handlers validate with, so the document cannot promise a
 * rule the handler does not keep.
 */

/**
 * A handler's input schema as a documented body: its own rules, with a description per field.
 * `x-messages` only picks the translated message of a broken rule, so the document leaves it out.
 */
export const bodyOf = (schema: EntitySchema, descriptions: Record<string, string>): Json => {
  const { $id: _id, properties, ...rest } = schema;
  return {
    ...rest,
    properties: Object.fromEntries(
      Object.entries(properties).map(([field, { 'x-messages': _messages, ...s }]) => [field, { ...s, ...(descriptions[field] && { description: descriptions[field] }) }]),
    ),
  };
};

/** The id of a record a body points at; out of range it is refused as the missing record it is. */
export const rowId = { type: 'integer', minimum: 1, maximum: INT4_MAX, 'x-messages': { minimum: 'validation.ref', maximum: 'validation.ref' } } as const;

/** Money the database sums exactly (numeric) travels as its decimal text, not a rounded float. */
export const decimal = (description: string): Json => ({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', description });

/** An order's line as the order routes answer it (`readOrder`): priced from the SKU when written. */
const orderLine = obj(
  {
    id: int(),
    skuId: int(),
    productId: int(),
    pieces: int(),
    unitPrice: decimal("The SKU's unit price when the line was written."),
    priceType: { type: 'integer', enum: [1, 2], description: '1: unit price x pieces; 2: unit price x pieces x the SKU quantity.' },
    currency: { type: 'integer', enum: [1, 2, 3] },
    amount: decimal('What the line costs, in its currency.'),
  },
  ['id', 'skuId', 'productId', 'pieces', 'unitPrice', 'priceType', 'currency', 'amount'],
);

/** An order with its lines, as drafting and editing answer it. */
export const orderWithLines = (): Json => {
  const order = recordOf('orders');
  return { ...order, properties: { ...(order.properties as Json), products: arrayOf(orderLine, 'The lines, in the order they were given.') } };
};
