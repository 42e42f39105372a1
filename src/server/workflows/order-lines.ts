import { resourceByName } from '../../../resources/index';
import type { EntitySchema } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { validateRecord } from '../engine/validate';
import type { FieldProblem } from '../errors';
import { isRowId } from '../engine/sql';
import { splitShape } from './lines';

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

type Indexed = { index: number; line: OrderLineInput };

/** Lines no compiler has seen (an import's rows), checked here against the line schema. */
function byLineSchema(raw: unknown, field: string): { checked: Indexed[]; problems: FieldProblem[] } {
  schema ??= lineSchema();
  const problems: FieldProblem[] = [];
  const checked: Indexed[] = [];
  if (raw === undefined) return { checked, problems };
  if (!Array.isArray(raw) || raw.length > 500) return { checked, problems: [{ field, key: 'validation.format' }] };
  for (const [index, item] of raw.entries()) {
    const line = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const own = validateRecord(schema, line);
    problems.push(...own.map((p) => ({ ...p, field: `${field}.${index}.${p.field}` })));
    if (!own.length) checked.push({ index, line: { skuId: line.skuId as number, pieces: line.pieces as number } });
  }
  return { checked, problems };
}

/** A body's lines, whose shape problems the compiler found (`shape`): the lines without any go on. */
function byShape(raw: unknown, shape: FieldProblem[], field: string): { checked: Indexed[]; problems: FieldProblem[] } {
  const { lines: problems, fine } = splitShape<OrderLineInput>(raw, shape, field);
  const checked = fine.flatMap((line, index) =>
    line ? [{ index, line: { skuId: line.skuId, pieces: line.pieces } }] : [],
  );
  return { checked, problems };
}

/**
 * Checks each order's lines against the schema (or takes the compiler's problems of a body's,
 * `shape`) and its organization's SKUs, in one query for all the orders (an import's, or a form's
 * one); problems name the line under the field the client sent them in (`lines.2.skuId`), those of
 * shape first. Undefined input means "lines unchanged".
 */
export async function checkOrdersLines(
  tx: Queryable,
  orders: { raw: unknown; organizationId: number; shape?: FieldProblem[] }[],
  field = 'lines',
): Promise<{ lines: OrderLineInput[]; problems: FieldProblem[] }[]> {
  const checked = orders.map(({ raw, shape }) => (shape ? byShape(raw, shape, field) : byLineSchema(raw, field)));
  const ids = [...new Set(checked.flatMap((c) => c.checked.map(({ line }) => line.skuId)).filter(isRowId))];
  // An id no integer column holds names no SKU; it must not reach the query, where it would not fit.
  const owners = new Map(
    ids.length
      ? (
          await tx.query<{ id: number; organization_id: number }>(
            'SELECT id, organization_id FROM skus WHERE id = ANY($1::int[])',
            [ids],
          )
        ).map((s) => [s.id, s.organization_id])
      : [],
  );
  return checked.map(({ checked: lines, problems }, i) => {
    for (const { index, line } of lines) {
      const owner = owners.get(line.skuId);
      if (owner === undefined) problems.push({ field: `${field}.${index}.skuId`, key: 'validation.ref' });
      else if (owner !== orders[i].organizationId)
        problems.push({ field: `${field}.${index}.skuId`, key: 'validation.skuOrganization' });
    }
    return { lines: lines.map(({ line }) => line), problems };
  });
}

/**
 * Replaces an order's lines, priced from the SKUs as they are now, and keeps the order's piece
 * count and amount.
 */
export async function writeOrderLines(tx: Queryable, orderId: number, lines: OrderLineInput[]) {
  await tx.query('DELETE FROM order_lines WHERE order_id = $1', [orderId]);
  await insertOrderLines(tx, [{ orderId, lines }]);
}

/**
 * Lines of orders that have none, in one statement for all of them: priced from the SKUs as they
 * are now (C2: price type 1 is unit price x pieces, otherwise x the SKU's quantity too), each
 * order's piece count and amount kept from the lines it gets.
 */
export async function insertOrderLines(tx: Queryable, orders: { orderId: number; lines: OrderLineInput[] }[]) {
  if (!orders.length) return;
  const all = orders.flatMap(({ orderId, lines }) => lines.map((l) => ({ orderId, ...l })));
  // An amount is never summed across currencies (SPEC 5): an order mixing them has none of its own.
  await tx.query(
    `WITH added AS (
       INSERT INTO order_lines(order_id, sku_id, product_id, pieces, unit_price, price_type, currency, amount)
       SELECT x.order_id, s.id, s.product_id, x.pieces, s.unit_price, s.price_type, s.currency,
              CASE WHEN s.price_type = 1 THEN s.unit_price * x.pieces ELSE s.unit_price * x.pieces * s.quantity END
         FROM unnest($1::int[], $2::int[], $3::int[]) WITH ORDINALITY AS x(order_id, sku_id, pieces, n)
         JOIN skus s ON s.id = x.sku_id ORDER BY x.n
       RETURNING order_id, pieces, amount, currency)
     UPDATE orders o SET pieces = l.pieces, amount = l.amount, currency = l.currency
       FROM (SELECT ids.id, coalesce(sum(a.pieces), 0) AS pieces,
                    CASE WHEN count(DISTINCT a.currency) = 1 THEN sum(a.amount) END AS amount,
                    CASE WHEN count(DISTINCT a.currency) = 1 THEN min(a.currency) END AS currency
               FROM unnest($4::int[]) AS ids(id) LEFT JOIN added a ON a.order_id = ids.id GROUP BY ids.id) l
      WHERE o.id = l.id`,
    [all.map((l) => l.orderId), all.map((l) => l.skuId), all.map((l) => l.pieces), orders.map((o) => o.orderId)],
  );
}
