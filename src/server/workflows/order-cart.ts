import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { DeliveryType, OrderStatus } from '../../domain/order-flow';
import type { EntitySchema } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { recordId, requestViewer } from '../engine/request';
import { findRecord, type Rec } from '../engine/records';
import { moneyOut } from '../engine/sql';
import { badRequest, notFound, validationError, type FieldProblem } from '../errors';
import { checkAddress, insertOrder } from './order-drafts';
import { checkedRenamed, readRenamed, renamedBody, type Renamed } from './renamed-fields';
import { shortOfStock, type StockAsk } from './stock';
import {
  arrayOf,
  fullObj,
  idParams,
  int,
  type Json,
  money,
  num,
  obj,
  orNull,
  routeSchemas,
  str,
} from '../contract/route-schemas';
import { rowId } from './order-schemas';

const CART = 'orders.cart';

/** A cart line counts pieces, as an order's and a document's lines do; `quantity` is what the cart first published. */
const PIECES: Renamed = { name: 'pieces', old: 'quantity' };
const pieces = { type: 'integer', minimum: 1, maximum: 100000000 } as const;
const ADD: EntitySchema = {
  $id: 'cartAdd',
  type: 'object',
  additionalProperties: false,
  required: ['skuId', 'warehouseId', 'pieces'],
  properties: { skuId: rowId, warehouseId: rowId, pieces },
};
const CHANGE: EntitySchema = {
  $id: 'cartChange',
  type: 'object',
  additionalProperties: false,
  required: ['pieces'],
  properties: { pieces },
};
/** The order's remarks, as the order names them; `remark` is what checkout first published. */
const REMARKS: Renamed = { name: 'remarks', old: 'remark' };
const CHECKOUT: EntitySchema = {
  $id: 'checkout',
  type: 'object',
  additionalProperties: false,
  required: ['warehouseId', 'deliveryType'],
  properties: {
    warehouseId: rowId,
    deliveryType: { type: 'integer', enum: [1, 2] },
    addressId: rowId,
    remarks: { type: 'string', maxLength: 1000 },
  },
};

/** A line asking more than is available: its problem, naming what is. */
const checkStock = async (tx: Queryable, ask: StockAsk, field: string) => {
  const available = (await shortOfStock(tx, [ask])).get(0);
  if (available !== undefined) throw validationError([tooMany(field, available)]);
};

const tooMany = (field: string, available: number): FieldProblem => ({
  field,
  key: 'validation.available',
  params: { available },
});

/** The cart's lines with what the catalogue shows of each, and totals per currency (never summed across). */
async function readCart(q: Queryable, userId: number) {
  const rows = await q.query(
    `SELECT c.id, c.sku_id AS "skuId", c.warehouse_id AS "warehouseId", c.organization_id AS "organizationId", c.quantity, c.quantity AS pieces,
            s.title, s.picture, s.unit_price::float8 AS "unitPrice", s.price_type AS "priceType", s.currency, w.name AS "warehouseName",
            ${moneyOut('CASE WHEN s.price_type = 1 THEN s.unit_price * c.quantity ELSE s.unit_price * c.quantity * s.quantity END')} AS amount,
            coalesce(i.pieces - i.reserved - i.held, 0)::int AS available
       FROM cart_lines c JOIN skus s ON s.id = c.sku_id JOIN warehouses w ON w.id = c.warehouse_id
       LEFT JOIN inventory i ON i.organization_id = c.organization_id AND i.warehouse_id = c.warehouse_id AND i.sku_id = c.sku_id
      WHERE c.user_id = $1 ORDER BY c.id`,
    [userId],
  );
  const totals = await q.query(
    `SELECT s.currency, ${moneyOut('sum(CASE WHEN s.price_type = 1 THEN s.unit_price * c.quantity ELSE s.unit_price * c.quantity * s.quantity END)')} AS amount
       FROM cart_lines c JOIN skus s ON s.id = c.sku_id WHERE c.user_id = $1 GROUP BY s.currency ORDER BY s.currency`,
    [userId],
  );
  return { rows, total: rows.length, totals };
}

const currency: Json = { type: 'integer', enum: [1, 2, 3] };
const cartLine = obj(
  {
    id: int(),
    skuId: int(),
    warehouseId: int(),
    organizationId: int('The owner of the SKU: an order takes the lines of one organization.'),
    pieces: int('The pieces the line holds.'),
    quantity: int('Deprecated: the old name of `pieces`, the same count.'),
    title: str(),
    picture: orNull(str("Stored path of the SKU's picture.")),
    unitPrice: num("The SKU's unit price today, as its record answers it."),
    priceType: {
      type: 'integer',
      enum: [1, 2],
      description: '1: unit price x pieces; 2: unit price x pieces x the SKU quantity.',
    },
    currency,
    warehouseName: str(),
    amount: money('What the line costs today, in its currency.'),
    available: int('On hand minus reserved and held now; checkout refuses a line above it.'),
  },
  [
    'id',
    'skuId',
    'warehouseId',
    'organizationId',
    'pieces',
    'quantity',
    'title',
    'picture',
    'unitPrice',
    'priceType',
    'currency',
    'warehouseName',
    'amount',
    'available',
  ],
);
const cartAnswer = fullObj({
  rows: arrayOf(cartLine),
  total: int(),
  totals: arrayOf(
    obj({ currency, amount: money('The lines of this currency together.') }, ['currency', 'amount']),
    'One sum per currency, never added across.',
  ),
});
const savedLine = fullObj({
  id: int(),
  pieces: int('The pieces the line holds now.'),
  quantity: int('Deprecated: the old name of `pieces`, the same count.'),
});

const SCHEMAS = {
  read: routeSchemas({
    summary: 'The cart',
    description: "The signed-in user's cart lines, priced as of today.",
    answer: cartAnswer,
  }),
  add: routeSchemas({
    summary: 'Add to the cart',
    description:
      'Adds to the line of the same SKU and warehouse (or starts one); more than is available answers 40001 naming what is.',
    body: renamedBody(
      ADD,
      {
        skuId: 'A SKU the viewer may see.',
        warehouseId: 'The warehouse it is taken from.',
        pieces: 'Pieces to add; required, unless sent as `quantity`.',
      },
      PIECES,
    ),
    answer: savedLine,
  }),
  change: routeSchemas({
    summary: 'Change a cart line',
    description: "Sets the pieces of one of the user's lines; more than is available answers 40001 naming what is.",
    params: idParams,
    body: renamedBody(CHANGE, { pieces: 'The new pieces of the line; required, unless sent as `quantity`.' }, PIECES),
    answer: savedLine,
  }),
  remove: routeSchemas({ summary: 'Remove a cart line', params: idParams, answer: obj({ id: int() }, ['id']) }),
  checkout: routeSchemas({
    summary: 'Check out one warehouse',
    description:
      'The cart lines of one warehouse (all of one organization) become an order awaiting review (3) and leave the cart, in one transaction. Nothing is reserved until approval.',
    body: renamedBody(
      CHECKOUT,
      {
        warehouseId: 'The warehouse whose lines are ordered.',
        deliveryType: '1: customer pickup; 2: delivery to an address.',
        addressId: 'An active address of the organization; required for a delivery.',
        remarks: 'Written on the order as its remarks.',
      },
      REMARKS,
    ),
    answer: obj({ id: int(), orderNo: str(), status: { type: 'integer', enum: [OrderStatus.awaitingReview] } }, [
      'id',
      'orderNo',
      'status',
    ]),
    checkedBy: 'schema',
  }),
};

/**
 * The mall cart, kept on the server per user (migration 0004), and checkout: the lines of one
 * warehouse become an order awaiting review (3) and leave the cart, in one transaction. Quantities
 * are checked against what is available; nothing is reserved before the order is approved (C1).
 */
export function cartRoutes(app: FastifyInstance) {
  const base = '/orders/cart';
  const config = { permission: CART };
  const userOf = (request: FastifyRequest) => request.user!.id;

  app.get(base, { config, ...SCHEMAS.read }, async (request) => readCart(app.db, userOf(request)));

  app.post(base, { config, ...SCHEMAS.add }, async (request) => {
    const { input, sent } = checkedRenamed(request, PIECES, true);
    const viewer = await requestViewer(app, request);
    return app.db.transaction(async (tx) => {
      const sku = await findRecord(tx, resourceByName('skus')!, input.skuId as number, viewer);
      if (!sku) throw validationError([{ field: 'skuId', key: 'validation.ref' }]);
      if (!(await tx.query('SELECT 1 FROM warehouses WHERE id = $1', [input.warehouseId])).length)
        throw validationError([{ field: 'warehouseId', key: 'validation.ref' }]);
      const organizationId = sku.organizationId as number;
      // The sum is taken by the upsert itself, under the line's lock: two adds at once both count.
      // Too many rolls it back.
      const [saved] = await tx.query<{ id: number; quantity: number }>(
        `INSERT INTO cart_lines(user_id, organization_id, warehouse_id, sku_id, quantity) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, warehouse_id, sku_id) DO UPDATE SET quantity = cart_lines.quantity + $5, updated_at = now()
         RETURNING id, quantity`,
        [userOf(request), organizationId, input.warehouseId, input.skuId, input.pieces],
      );
      await checkStock(
        tx,
        {
          organizationId,
          warehouseId: input.warehouseId as number,
          skuId: input.skuId as number,
          pieces: saved.quantity,
        },
        sent,
      );
      return { ...saved, pieces: saved.quantity };
    });
  });

  app.put<{ Params: { id: string } }>(`${base}/:id`, { config, ...SCHEMAS.change }, async (request) => {
    const id = recordId(request.params.id);
    const { input, sent } = checkedRenamed(request, PIECES, true);
    return app.db.transaction(async (tx) => {
      const [line] = await tx.query<{ organization_id: number; warehouse_id: number; sku_id: number }>(
        'SELECT organization_id, warehouse_id, sku_id FROM cart_lines WHERE id = $1 AND user_id = $2 FOR UPDATE',
        [id, userOf(request)],
      );
      if (!line) throw notFound();
      await checkStock(
        tx,
        {
          organizationId: line.organization_id,
          warehouseId: line.warehouse_id,
          skuId: line.sku_id,
          pieces: input.pieces as number,
        },
        sent,
      );
      await tx.query('UPDATE cart_lines SET quantity = $2, updated_at = now() WHERE id = $1', [id, input.pieces]);
      return { id, pieces: input.pieces, quantity: input.pieces };
    });
  });

  app.delete<{ Params: { id: string } }>(`${base}/:id`, { config, ...SCHEMAS.remove }, async (request) => {
    const id = recordId(request.params.id);
    const gone = await app.db.query('DELETE FROM cart_lines WHERE id = $1 AND user_id = $2 RETURNING id', [
      id,
      userOf(request),
    ]);
    if (!gone.length) throw notFound();
    return { id };
  });

  app.post(`${base}/checkout`, { config, ...SCHEMAS.checkout }, async (request) => {
    const { body: input } = readRenamed(request.body as Rec, REMARKS);
    const viewer = await requestViewer(app, request);
    return app.db.transaction(async (tx) => {
      const lines = await tx.query<{ id: number; organization_id: number; sku_id: number; quantity: number }>(
        `SELECT id, organization_id, sku_id, quantity FROM cart_lines
          WHERE user_id = $1 AND warehouse_id = $2 ORDER BY id FOR UPDATE`,
        [userOf(request), input.warehouseId],
      );
      if (!lines.length) throw badRequest('validation.selectProducts', {}, 'products');
      const organizationId = lines[0].organization_id;
      const problems: FieldProblem[] = [];
      if (lines.some((l) => l.organization_id !== organizationId))
        problems.push({ field: 'warehouseId', key: 'validation.cartOrganizations' });
      if (input.deliveryType === DeliveryType.delivery && input.addressId === undefined)
        problems.push({ field: 'addressId', key: 'validation.required' });
      else problems.push(...(await checkAddress(tx, input.addressId, organizationId)));
      const short = await shortOfStock(
        tx,
        lines.map((l) => ({
          organizationId: l.organization_id,
          warehouseId: input.warehouseId as number,
          skuId: l.sku_id,
          pieces: l.quantity,
        })),
      );
      for (const [index, available] of [...short].sort(([a], [b]) => a - b))
        problems.push(tooMany(`products.${index}.quantity`, available));
      if (problems.length) throw validationError(problems);
      if (!(await findRecord(tx, resourceByName('organizations')!, organizationId, viewer))) throw notFound();
      const header = {
        organizationId,
        warehouseId: input.warehouseId,
        deliveryType: input.deliveryType,
        addressId: input.addressId,
        remarks: input.remarks,
      };
      const order = await insertOrder(
        tx,
        header,
        lines.map((l) => ({ skuId: l.sku_id, pieces: l.quantity })),
        userOf(request),
        OrderStatus.awaitingReview,
        'checkout',
      );
      await tx.query('DELETE FROM cart_lines WHERE id = ANY($1::int[])', [lines.map((l) => l.id)]);
      return { ...order, status: OrderStatus.awaitingReview };
    });
  });
}
