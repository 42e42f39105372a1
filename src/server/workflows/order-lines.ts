import { resourceByName } from '../../../resources/index';
import type { EntitySchema } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { validateRecord } from '../engine/validate';
import type { FieldProblem } from '../errors';
import { isRowId } from '../engine/sql';

export interface OrderLineInput {
  skuId: number;
  pieces: number;
}

const lineSchema = (): EntitySchema => {
  const items = resourceByName('orders')!.schema.properties.lines.items!;
  return {
    $id: 'orderLine',
    type: 'object',
    properties: items.properties!,
    required: items.required,
    additionalProperties: false,
  };
};
let schema: EntitySchema | undefined;

/**
 * Checks order lines against the schema and the organization's SKUs in one query; problems name
 * the line under the field the client sent them in (`lines.2.skuId`). Undefined input means
 * "lines unchanged".
 */
export async function checkOrderLines(
  tx: Queryable,
  raw: unknown,
  organizationId: number,
  field = 'lines',
): Promise<{ lines: OrderLineInput[]; problems: FieldProblem[] }> {
  const problems: FieldProblem[] = [];
  if (raw === undefined) return { lines: [], problems };
  if (!Array.isArray(raw) || raw.length > 500) return { lines: [], problems: [{ field, key: 'validation.format' }] };
  schema ??= lineSchema();
  const lines: OrderLineInput[] = [];
  for (const [index, item] of raw.entries()) {
    const line = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const own = validateRecord(schema, line);
    problems.push(...own.map((p) => ({ ...p, field: `${field}.${index}.${p.field}` })));
    if (!own.length) lines.push({ skuId: line.skuId as number, pieces: line.pieces as number });
  }
  // An id no integer column holds names no SKU; it must not reach the query, where it would not fit.
  const owners = new Map(
    (
      await tx.query<{ id: number; organization_id: number }>(
        'SELECT id, organization_id FROM skus WHERE id = ANY($1::int[])',
        [lines.map((l) => l.skuId).filter(isRowId)],
      )
    ).map((s) => [s.id, s.organization_id]),
  );
  for (const [index, line] of lines.entries()) {
    const owner = owners.get(line.skuId);
    if (owner === undefined) problems.push({ field: `${field}.${index}.skuId`, key: 'validation.ref' });
    else if (owner !== organizationId)
      problems.push({ field: `${field}.${index}.skuId`, key: 'validation.skuOrganization' });
  }
  return { lines, problems };
}

/**
 * Replaces an order's lines in one statement, priced from the SKUs as they are now (C2: price type 1
 * is unit price x pieces, otherwise x the SKU's quantity too), and keeps the order's piece count and amount.
 */
export async function writeOrderLines(tx: Queryable, orderId: number, lines: OrderLineInput[]) {
  await tx.query('DELETE FROM order_lines WHERE order_id = $1', [orderId]);
  await tx.query(
    `INSERT INTO order_lines(order_id, sku_id, product_id, pieces, unit_price, price_type, currency, amount)
     SELECT $1, s.id, s.product_id, x.pieces, s.unit_price, s.price_type, s.currency,
            CASE WHEN s.price_type = 1 THEN s.unit_price * x.pieces ELSE s.unit_price * x.pieces * s.quantity END
       FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS x(sku_id, pieces, n) JOIN skus s ON s.id = x.sku_id ORDER BY x.n`,
    [orderId, lines.map((l) => l.skuId), lines.map((l) => l.pieces)],
  );
  // An amount is never summed across currencies (SPEC 5): an order mixing them has none of its own.
  await tx.query(
    `UPDATE orders o SET pieces = l.pieces, amount = l.amount, currency = l.currency
       FROM (SELECT coalesce(sum(pieces), 0) AS pieces,
                    CASE WHEN count(DISTINCT currency) = 1 THEN sum(amount) END AS amount,
                    CASE WHEN count(DISTINCT currency) = 1 THEN min(currency) END AS currency
               FROM order_lines WHERE order_id = $1) l
      WHERE o.id = $1`,
    [orderId],
  );
}
