import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { OrderStatus } from '../../domain/order-flow';
import { buttonPermission, storedFields } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { requestViewer } from '../engine/request';
import { checkReferences, findRecord, withEmbedded, type Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { validateRecord } from '../engine/validate';
import { validationError, type FieldProblem } from '../errors';
import { editDocument } from './document-edit';
import { audit, reserveDocumentNos } from './documents';
import { checkOrdersLines, insertOrderLines, writeOrderLines, type OrderLineInput } from './order-lines';
import { splitShape } from './lines';
import { schemaProblems } from '../contract/validator';
import { auditAndOutboxAll } from '../outbox/write';
import { documentRenamed, LINES, readRenamed } from './renamed-fields';
import { idParams, int, obj, orNull, recordWithEmbedded, routeSchemas, type Json } from '../contract/route-schemas';

export const HEADER = ['organizationId', 'warehouseId', 'deliveryType', 'addressId', 'refNo', 'remarks'] as const;

/** An address of the order's organization that is valid (status 1), or the field's problem. */
export async function checkAddress(tx: Queryable, addressId: unknown, organizationId: number): Promise<FieldProblem[]> {
  const [problems] = await checkAddresses(tx, [{ addressId, organizationId }]);
  return problems;
}

/** checkAddress for many orders at once: one statement for all their addresses. */
async function checkAddresses(tx: Queryable, asked: { addressId: unknown; organizationId: number }[]) {
  const given = asked.filter((a) => a.addressId !== undefined && a.addressId !== null);
  const valid = new Set(
    given.length
      ? (
          await tx.query<{ id: number; organization_id: number }>(
            `SELECT a.id, a.organization_id FROM addresses a
               JOIN unnest($1::int[], $2::int[]) AS x(id, organization_id) ON a.id = x.id AND a.organization_id = x.organization_id
              WHERE a.status = 1`,
            [given.map((a) => a.addressId), given.map((a) => a.organizationId)],
          )
        ).map((a) => `${a.id}:${a.organization_id}`)
      : [],
  );
  return asked.map(({ addressId, organizationId }): FieldProblem[] =>
    addressId === undefined || addressId === null || valid.has(`${addressId}:${organizationId}`)
      ? []
      : [{ field: 'addressId', key: 'validation.ref' }],
  );
}

/** Inserts an order with a new SO number and its priced lines, and the audit row that starts its timeline. */
export async function insertOrder(
  tx: Queryable,
  header: Rec,
  lines: OrderLineInput[],
  userId: number,
  status: number,
  action: string,
) {
  const [order] = await insertOrders(tx, [{ header, lines }], userId, status, action);
  return order;
}

/**
 * insertOrder for many orders at once (an import's): their numbers reserved together, the headers,
 * the lines and the audit rows each one statement, whatever the number of orders.
 */
export async function insertOrders(
  tx: Queryable,
  orders: { header: Rec; lines: OrderLineInput[] }[],
  userId: number,
  status: number,
  action: string,
) {
  if (!orders.length) return [];
  const numbers = await reserveDocumentNos(
    tx,
    'SO',
    orders.map(({ header }) => header.warehouseId as number),
  );
  const column = (field: (typeof HEADER)[number]) => orders.map(({ header }) => header[field] ?? null);
  const inserted = await tx.query<{ id: number; orderNo: string }>(
    `INSERT INTO orders(order_no, status, organization_id, warehouse_id, delivery_type, address_id, ref_no, remarks, pieces, created_by)
     SELECT x.order_no, $2, x.organization_id, x.warehouse_id, x.delivery_type, x.address_id, x.ref_no, x.remarks, 0, $3
       FROM unnest($1::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::text[], $9::text[])
            WITH ORDINALITY AS x(order_no, organization_id, warehouse_id, delivery_type, address_id, ref_no, remarks, n)
      ORDER BY x.n
     RETURNING id, order_no AS "orderNo"`,
    [
      numbers,
      status,
      userId,
      column('organizationId'),
      column('warehouseId'),
      column('deliveryType'),
      column('addressId'),
      column('refNo'),
      column('remarks'),
    ],
  );
  const idOf = new Map(inserted.map((o) => [o.orderNo, o.id]));
  const written = numbers.map((orderNo) => ({ id: idOf.get(orderNo)!, orderNo }));
  await insertOrderLines(
    tx,
    orders.map(({ lines }, i) => ({ orderId: written[i].id, lines })),
  );
  await auditAndOutboxAll(
    tx,
    written.map(({ id }) => ({ userId, entity: 'orders', entityId: id, action, after: { status } })),
  );
  return written;
}

/**
 * What drafting an order checks (the header's schema and references, the address, each line), as
 * problems by field (`lines.2.skuId`, or under the name the client sent the lines in) and the lines
 * as they will be written.
 */
export async function orderDraftProblems(
  tx: Queryable,
  input: Rec,
  viewer: Viewer,
  linesSentAs = LINES.name,
  shape?: FieldProblem[],
) {
  const [checked] = await orderDraftsProblems(tx, [input], viewer, linesSentAs, shape && [shape]);
  return checked;
}

/**
 * orderDraftProblems for many orders at once (an import's), each answered as if alone: the
 * references of all in one statement (a value any of them names in vain is then looked up once
 * by itself, to say whose it is), the addresses in one, the lines in one. A body's shape problems
 * come from the compiler (`shapes`, one list per order); an import's rows are checked here.
 */
export async function orderDraftsProblems(
  tx: Queryable,
  inputs: Rec[],
  viewer: Viewer,
  linesSentAs = LINES.name,
  shapes?: FieldProblem[][],
) {
  const orders = resourceByName('orders')!;
  // Lines are checked on their own below, so that each problem names its line.
  const headers = inputs.map(({ lines: _lines, ...header }) => header);
  const problems = headers.map((header, i) => {
    const shape = shapes ? splitShape(inputs[i].lines, shapes[i], linesSentAs).header : [];
    // The header as it will be stored (an edit's kept fields, the caller's organization) must still be whole.
    return shape.length ? shape : validateRecord(orders.schema, header);
  });
  const valid = (i: number) => !problems[i].length;
  const named = (field: string) =>
    [...new Set(inputs.filter((_, i) => valid(i)).map((input) => input[field]))].filter(
      (v) => v !== undefined && v !== null,
    );
  const together = Object.fromEntries(
    storedFields(orders)
      .filter((f) => orders.schema.properties[f]['x-ref'])
      .map((f) => [f, named(f)]),
  );
  const missing = new Map<string, Set<unknown>>();
  for (const { field } of await checkReferences(tx, orders, together, viewer)) {
    const vain = new Set<unknown>();
    for (const value of together[field])
      if ((await checkReferences(tx, orders, { [field]: value }, viewer)).length) vain.add(value);
    missing.set(field, vain);
  }
  inputs.forEach((input, i) => {
    if (valid(i))
      for (const [field, vain] of missing)
        if (vain.has(input[field])) problems[i].push({ field, key: 'validation.ref' });
  });
  const addresses = await checkAddresses(
    tx,
    inputs.map((input, i) => ({
      addressId: valid(i) ? input.addressId : undefined,
      organizationId: input.organizationId as number,
    })),
  );
  addresses.forEach((found, i) => problems[i].push(...found));
  const lines = await checkOrdersLines(
    tx,
    inputs.map((input, i) => ({
      raw: valid(i) ? input.lines : undefined,
      organizationId: input.organizationId as number,
      shape: shapes?.[i],
    })),
    linesSentAs,
  );
  return inputs.map((_, i) => ({
    lines: valid(i) ? lines[i].lines : [],
    problems: [...problems[i], ...lines[i].problems],
  }));
}

async function checkedHeader(tx: Queryable, input: Rec, viewer: Viewer, linesSentAs: string, shape: FieldProblem[]) {
  const { lines, problems } = await orderDraftProblems(tx, input, viewer, linesSentAs, shape);
  if (problems.length) throw validationError(problems);
  return lines;
}

const pick = (body: Rec) =>
  Object.fromEntries([...HEADER, LINES.name].filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));

/** The order just written, answered as `GET /orders/{id}` answers it: with its `lines`. */
const readOrder = async (tx: Queryable, id: number) => {
  const orders = resourceByName('orders')!;
  const all: Viewer = { userId: 0, all: true };
  return withEmbedded(tx, orders, (await findRecord(tx, orders, id, all))!, all);
};

/** What drafting and editing read of the body: the header fields and the lines, as the order's schema says. */
const orderInput = (forEdit: boolean): Json => {
  const p = resourceByName('orders')!.schema.properties;
  const { writeOnly: _w, ...lines } = p.lines;
  const clears = (schema: Json) => (forEdit ? orNull(schema) : schema);
  const body = obj(
    {
      ...(forEdit && { version: int('The version the edit starts from; a newer stored one answers 40901.') }),
      organizationId: {
        ...p.organizationId,
        description: forEdit ? 'Kept when absent.' : "The ordering organization; a shipper's own when absent.",
      },
      warehouseId: { ...p.warehouseId, description: 'The warehouse the goods leave from.' },
      deliveryType: {
        ...p.deliveryType,
        description: '1: customer pickup; 2: delivery to an address (needed by submit).',
      },
      addressId: clears({
        ...p.addressId,
        description: `An active address of the organization.${forEdit ? ' null clears it.' : ''}`,
      }),
      refNo: clears({
        ...p.refNo,
        description: `The customer's own number for the order (an import's order key).${forEdit ? ' null clears it.' : ''}`,
      }),
      remarks: clears({ ...p.remarks, ...(forEdit && { description: 'null clears them.' }) }),
      ...documentRenamed(LINES, {
        ...lines,
        description: forEdit
          ? 'Replaces every line when given; absent keeps them. SKUs of the organization, priced as of now.'
          : 'SKUs of the organization, priced as of now.',
      }),
    },
    forEdit ? ['version'] : ['warehouseId', 'deliveryType'],
    forEdit ? 'Fields absent keep their stored value; other fields are ignored.' : 'Other fields are ignored.',
  );
  // Only the fields above are read (pick): a client's other fields are ignored, not refused.
  return { ...body, additionalProperties: true };
};

/**
 * Orders drafted by hand (DESIGN 8: by the shipper, or by staff for a chosen organization) in state
 * 0, and edited while a draft or rejected; lines are replaced whole. Checkout is the other way in.
 */
export function orderDraftRoutes(app: FastifyInstance) {
  const orders = resourceByName('orders')!;

  const create = routeSchemas({
    summary: 'Draft an order',
    description:
      'A draft (0) with an SO number and its lines priced from the SKUs; each problem names its field (`lines.2.skuId`).',
    body: orderInput(false),
    answer: recordWithEmbedded('orders'),
  });
  app.post(orders.api, { config: { permission: buttonPermission(orders, 'create') }, ...create }, async (request) => {
    const viewer = await requestViewer(app, request);
    const { body, sent } = readRenamed((request.body ?? {}) as Rec, LINES);
    const input = pick(body);
    input.organizationId ??= request.user!.organizationId ?? undefined;
    return app.db.transaction(async (tx) => {
      const lines = await checkedHeader(tx, input, viewer, sent, schemaProblems(request));
      const { id } = await insertOrder(tx, input, lines, request.user!.id, OrderStatus.initial, 'create');
      return readOrder(tx, id);
    });
  });

  const edit = routeSchemas({
    summary: 'Edit a draft or rejected order',
    description:
      'Only while a draft (0) or rejected (2), else 40901; a version other than the stored one answers 40901.',
    params: idParams,
    body: orderInput(true),
    answer: recordWithEmbedded('orders'),
  });
  app.put<{ Params: { id: string } }>(
    `${orders.api}/:id`,
    { config: { permission: buttonPermission(orders, 'edit') }, ...edit },
    (request) =>
      editDocument(app, request, orders, async (tx, { id, current, body, sent, shape, viewer }) => {
        const kept = Object.fromEntries(
          HEADER.filter((f) => current[f] !== null && current[f] !== undefined).map((f) => [f, current[f]]),
        );
        const input = { ...kept, ...pick(body) };
        for (const [f, v] of Object.entries(input)) if (v === null) delete input[f];
        // Kept lines must still be SKUs of the organization: moving the order to another one checks them
        // again (and prices them anew, as lines sent with the edit would be).
        if (input.lines === undefined && input.organizationId !== current.organizationId)
          input.lines = await tx.query(
            'SELECT sku_id AS "skuId", pieces FROM order_lines WHERE order_id = $1 ORDER BY id',
            [id],
          );
        const lines = await checkedHeader(tx, input, viewer, sent, shape);
        await tx.query(
          `UPDATE orders SET organization_id = $2, warehouse_id = $3, delivery_type = $4, address_id = $5, remarks = $6, ref_no = $7, version = version + 1, updated_at = now() WHERE id = $1`,
          [
            id,
            input.organizationId,
            input.warehouseId,
            input.deliveryType,
            input.addressId ?? null,
            input.remarks ?? null,
            input.refNo ?? null,
          ],
        );
        if (input.lines !== undefined) await writeOrderLines(tx, id, lines);
        await audit(tx, {
          userId: request.user!.id,
          entity: 'orders',
          entityId: id,
          action: 'edit',
          before: { status: current.status },
          after: { status: current.status },
        });
        return readOrder(tx, id);
      }),
  );
}
