import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { ORDER_EDITABLE, OrderStatus } from '../../domain/order-flow';
import { buttonPermission } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { recordId, requestViewer } from '../engine/crud';
import { checkReferences, findRecord, type Rec } from '../engine/records';
import type { Viewer } from '../engine/scope';
import { validateRecord } from '../engine/validate';
import { conflict, notFound, validationError, type FieldProblem } from '../errors';
import { audit, nextDocumentNo } from './documents';
import { checkOrderLines, writeOrderLines, type OrderLineInput } from './order-lines';

const HEADER = ['organizationId', 'warehouseId', 'deliveryType', 'addressId', 'remarks'] as const;

/** An address of the order's organization that is valid (status 1), or the field's problem. */
export async function checkAddress(tx: Queryable, addressId: unknown, organizationId: number): Promise<FieldProblem[]> {
  if (addressId === undefined || addressId === null) return [];
  const found = await tx.query('SELECT 1 FROM addresses WHERE id = $1 AND organization_id = $2 AND status = 1', [addressId, organizationId]);
  return found.length ? [] : [{ field: 'addressId', key: 'validation.ref' }];
}

/** Inserts an order with a new SO number and its priced lines, and the audit row that starts its timeline. */
export async function insertOrder(tx: Queryable, header: Rec, lines: OrderLineInput[], userId: number, status: number, action: string) {
  const orderNo = await nextDocumentNo(tx, 'SO');
  const [{ id }] = await tx.query<{ id: number }>(
    `INSERT INTO orders(order_no, status, organization_id, warehouse_id, delivery_type, address_id, remarks, pieces, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8) RETURNING id`,
    [orderNo, status, header.organizationId, header.warehouseId, header.deliveryType, header.addressId ?? null, header.remarks ?? null, userId],
  );
  await writeOrderLines(tx, id, lines);
  await audit(tx, { userId, entity: 'orders', entityId: id, action, after: { status } });
  return { id, orderNo };
}

async function checkedHeader(tx: Queryable, input: Rec, viewer: Viewer) {
  const orders = resourceByName('orders')!;
  // Lines are checked on their own below, so that each problem names its line.
  const { products: _lines, ...header } = input;
  const problems = validateRecord(orders.schema, header);
  if (!problems.length) problems.push(...(await checkReferences(tx, orders, input, viewer)));
  if (!problems.length) problems.push(...(await checkAddress(tx, input.addressId, input.organizationId as number)));
  const lines = problems.length ? { lines: [], problems: [] } : await checkOrderLines(tx, input.products, input.organizationId as number);
  if (problems.length || lines.problems.length) throw validationError([...problems, ...lines.problems]);
  return lines.lines;
}

const pick = (body: Rec) => Object.fromEntries([...HEADER, 'products'].filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));

export const readOrder = async (tx: Queryable, id: number) => {
  const order = await findRecord(tx, resourceByName('orders')!, id, { userId: 0, all: true });
  const products = await tx.query(
    `SELECT id, sku_id AS "skuId", product_id AS "productId", pieces, unit_price::text AS "unitPrice", price_type AS "priceType", currency, amount::text AS amount
       FROM order_lines WHERE order_id = $1 ORDER BY id`,
    [id],
  );
  return { ...order, products };
};

/**
 * Orders drafted by hand (DESIGN 8: by the shipper, or by staff for a chosen organization) in state
 * 0, and edited while a draft or rejected; lines are replaced whole. Checkout is the other way in.
 */
export function orderDraftRoutes(app: FastifyInstance) {
  const orders = resourceByName('orders')!;

  app.post(orders.api, { config: { permission: buttonPermission(orders, 'create') } }, async (request) => {
    const viewer = await requestViewer(app, request);
    const input = pick((request.body ?? {}) as Rec);
    input.organizationId ??= request.user!.organizationId ?? undefined;
    return app.db.transaction(async (tx) => {
      const lines = await checkedHeader(tx, input, viewer);
      const { id } = await insertOrder(tx, input, lines, request.user!.id, OrderStatus.initial, 'create');
      return readOrder(tx, id);
    });
  });

  app.put<{ Params: { id: string } }>(`${orders.api}/:id`, { config: { permission: buttonPermission(orders, 'edit') } }, async (request) => {
    const id = recordId(request.params.id);
    const viewer = await requestViewer(app, request);
    const body = (request.body ?? {}) as Rec;
    if (!Number.isInteger(body.version)) throw validationError([{ field: 'version', key: 'validation.required' }]);
    return app.db.transaction(async (tx) => {
      const current = await findRecord(tx, orders, id, viewer, true);
      if (!current) throw notFound();
      if (current.version !== body.version) throw conflict('errors.staleVersion');
      if (!ORDER_EDITABLE.includes(current.status as number)) throw conflict('errors.notEditable');
      const kept = Object.fromEntries(HEADER.filter((f) => current[f] !== null && current[f] !== undefined).map((f) => [f, current[f]]));
      const input = { ...kept, ...pick(body) };
      for (const [f, v] of Object.entries(input)) if (v === null) delete input[f];
      const lines = await checkedHeader(tx, input, viewer);
      await tx.query(
        `UPDATE orders SET organization_id = $2, warehouse_id = $3, delivery_type = $4, address_id = $5, remarks = $6, version = version + 1, updated_at = now() WHERE id = $1`,
        [id, input.organizationId, input.warehouseId, input.deliveryType, input.addressId ?? null, input.remarks ?? null],
      );
      if (input.products !== undefined) await writeOrderLines(tx, id, lines);
      await audit(tx, { userId: request.user!.id, entity: 'orders', entityId: id, action: 'edit', before: { status: current.status }, after: { status: current.status } });
      return readOrder(tx, id);
    });
  });

  // Every transition of the order and of its delivery, from the audit rows: who, when, from, to.
  app.get<{ Params: { id: string } }>(`${orders.api}/:id/timeline`, { config: { permission: orders.permission } }, async (request) => {
    const id = recordId(request.params.id);
    if (!(await findRecord(app.db, orders, id, await requestViewer(app, request)))) throw notFound();
    const rows = await app.db.query(
      `SELECT a.id, a.at, a.entity, a.action, (a.before->>'status')::int AS "from", (a.after->>'status')::int AS "to",
              a.after->>'reason' AS reason, a.user_id AS "userId", u.name AS "userName"
         FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
        WHERE (a.entity = 'orders' AND a.entity_id = $1)
           OR (a.entity = 'deliveries' AND a.entity_id IN (SELECT d.id::text FROM deliveries d WHERE d.order_id = $2))
        ORDER BY a.at, a.id`,
      [String(id), id],
    );
    return { rows, total: rows.length };
  });
}
