import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import {
  canDeliver,
  deliveryMachine,
  orderAfterDelivery,
  OrderStatus,
  type DeliveryAction,
} from '../../domain/order-flow';
import { buttonPermission, type EntitySchema } from '../../domain/resource';
import type { Queryable } from '../db/types';
import { recordId, requestViewer } from '../engine/crud';
import { findRecord, type Rec } from '../engine/records';
import { validateRecord } from '../engine/validate';
import { conflict, notFound, validationError } from '../errors';
import { STORED_PATH } from '../files/routes';
import { storedFileName } from '../files/stored-file-name';
import { audit } from './documents';
import { chargeDeliveryDispatch } from './finance/event-expenses';
import { moveOrder, wrongState } from './order-transition';
import { idParams, int, obj, recordOf, routeSchemas, type Json } from '../contract/route-schemas';
import { bodyOf, rowId } from './order-schemas';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const body = (required: string[], properties: EntitySchema['properties']): EntitySchema => ({
  $id: required.join(),
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const DISPATCH = body(['vehicle', 'driver', 'plannedDate'], {
  vehicle: text(40),
  driver: text(100),
  phone: { type: 'string', maxLength: 40, pattern: '^[0-9+() -]*$' },
  plannedDate: { type: 'string', format: 'date' },
});
const COMPLETE = body(['podFile', 'signer', 'signedAt'], {
  podFile: { type: 'string', maxLength: 200, 'x-messages': { required: 'validation.podFile' } },
  signer: text(100),
  signedAt: { type: 'string', format: 'date-time' },
});
const FAIL = body(['reason'], { reason: text(500) });
const CREATE = body(['orderId'], { orderId: rowId, remarks: { type: 'string', maxLength: 1000 } });

const checked = (schema: EntitySchema, raw: Rec) => {
  const problems = validateRecord(schema, raw);
  if (problems.length) throw validationError(problems);
  return raw;
};

/** The work of one delivery action: the columns it sets on the delivery and what the timeline notes. */
export interface DeliveryStep {
  columns: Rec;
  note?: Rec;
}

/** Dispatch (0 -> 3): the vehicle, driver, phone and planned date of the run. */
export async function dispatchDelivery(tx: Queryable, delivery: Rec, raw: Rec, _userId: number): Promise<DeliveryStep> {
  const input = checked(DISPATCH, raw);
  // Finance: transport priced by the fee model valid on the run's day, in this transaction (none: no expense).
  await chargeDeliveryDispatch(tx, delivery.id as number, input.plannedDate as string);
  return {
    columns: {
      vehicle: input.vehicle,
      driver: input.driver,
      phone: input.phone ?? null,
      planned_date: input.plannedDate,
    },
  };
}

/** Complete (3 -> 6, a pickup 0 -> 6): signed for, with the proof of delivery uploaded through /oss. */
export async function completeDelivery(tx: Queryable, _delivery: Rec, raw: Rec): Promise<DeliveryStep> {
  const input = checked(COMPLETE, raw);
  if (!STORED_PATH.test(String(input.podFile)))
    throw validationError([{ field: 'podFile', key: 'validation.podFile' }]);
  return {
    columns: {
      pod_file: input.podFile,
      pod_file_name: await storedFileName(tx, String(input.podFile)),
      signer: input.signer,
      signed_at: input.signedAt,
    },
    note: { signer: input.signer },
  };
}

/** Fail (3 -> 2): why the run did not arrive; the order stays in delivery (C6). */
export async function failDelivery(_tx: Queryable, _delivery: Rec, raw: Rec): Promise<DeliveryStep> {
  const reason = String(checked(FAIL, raw).reason).trim();
  // A reason of blanks alone says nothing: refused as missing, as reject's reason is.
  if (!reason) throw validationError([{ field: 'reason', key: 'validation.required' }]);
  return { columns: { fail_reason: reason }, note: { reason } };
}

/** Re-dispatch (2 -> 0): ready for a new run; the last run's details stay until it is dispatched. */
export async function redispatchDelivery(): Promise<DeliveryStep> {
  return { columns: {} };
}

type Step = (tx: Queryable, delivery: Rec, raw: Rec, userId: number) => Promise<DeliveryStep>;
const STEPS: Record<DeliveryAction, Step> = {
  dispatch: dispatchDelivery,
  complete: completeDelivery,
  fail: failDelivery,
  redispatch: redispatchDelivery,
};

/** What each action reads of its body and does besides moving the delivery and its order. */
const DOCS: Record<DeliveryAction, { summary: string; does: string; body?: Json }> = {
  dispatch: {
    summary: 'Dispatch the delivery',
    does: 'The order goes 12 -> 15 (a re-dispatch finds it in 15 and leaves it); transport is charged by the fee model valid on the planned day.',
    body: bodyOf(DISPATCH, {
      vehicle: 'The vehicle, e.g. its plate.',
      driver: "The driver's name.",
      phone: "The driver's phone.",
      plannedDate: 'The day of the run.',
    }),
  },
  complete: {
    summary: 'Complete the delivery with its proof',
    does: 'Signed for: the order goes to signed (18). A customer pickup is completed straight from 0.',
    body: bodyOf(COMPLETE, {
      podFile: 'The stored path of the proof of delivery, as the upload (/oss) answered it.',
      signer: 'Who signed.',
      signedAt: 'When.',
    }),
  },
  fail: {
    summary: 'Record a failed run',
    does: 'The order stays in delivery (15) (C6).',
    body: bodyOf(FAIL, { reason: 'Why the run did not arrive; shown in the timeline.' }),
  },
  redispatch: {
    summary: 'Ready a failed delivery for a new run',
    does: "The last run's details stay until it is dispatched. Takes no body.",
  },
};

const moved = obj(
  { id: int(), status: int('The state the delivery is in now.'), orderStatus: int('The state its order is in now.') },
  ['id', 'status', 'orderStatus'],
);

/**
 * Deliveries (C6): staff create one for a shipped order (12), then each action locks the delivery
 * and its order, checks both states, does the action's work and moves both, in one transaction.
 */
export function deliveryRoutes(app: FastifyInstance) {
  const deliveries = resourceByName('deliveries')!;
  const orders = resourceByName('orders')!;

  const create = routeSchemas({
    summary: 'Create the delivery of a shipped order',
    description:
      "For an order shipped (12) and without a delivery yet (40901 otherwise); it starts awaiting dispatch (0) with the order's delivery type and address.",
    body: bodyOf(CREATE, { orderId: 'A shipped order the viewer may see.', remarks: 'Notes for the run.' }),
    answer: recordOf('deliveries'),
  });
  app.post(
    deliveries.api,
    { config: { permission: buttonPermission(deliveries, 'create') }, ...create },
    async (request) => {
      const input = checked(
        CREATE,
        (request.body && typeof request.body === 'object' ? { ...request.body } : {}) as Rec,
      );
      const viewer = await requestViewer(app, request);
      return app.db.transaction(async (tx) => {
        const order = await findRecord(tx, orders, input.orderId as number, viewer, true);
        if (!order) throw validationError([{ field: 'orderId', key: 'validation.ref' }]);
        if (order.status !== OrderStatus.shipped) throw wrongState(request, 'orderStatus', order.status, 'deliver');
        if ((await tx.query('SELECT 1 FROM deliveries WHERE order_id = $1', [order.id])).length)
          throw conflict('errors.deliveryExists');
        const [{ id }] = await tx.query<{ id: number }>(
          `INSERT INTO deliveries(order_id, organization_id, status, delivery_type, address_id, remarks, created_by)
         VALUES ($1, $2, 0, $3, $4, $5, $6) RETURNING id`,
          [
            order.id,
            order.organizationId,
            order.deliveryType,
            order.addressId ?? null,
            input.remarks ?? null,
            request.user!.id,
          ],
        );
        await audit(tx, {
          userId: request.user!.id,
          entity: 'deliveries',
          entityId: id,
          action: 'create',
          after: { status: 0 },
        });
        return findRecord(tx, deliveries, id, viewer);
      });
    },
  );

  for (const [name, step] of Object.entries(STEPS) as [DeliveryAction, Step][]) {
    const schemas = routeSchemas({
      summary: DOCS[name].summary,
      description: `Moves it from ${deliveryMachine.actions[name].from!.join(' or ')} to ${deliveryMachine.actions[name].to}, with its order, in one transaction; another state of either answers 40901. ${DOCS[name].does}`,
      params: idParams,
      body: DOCS[name].body,
      answer: moved,
    });
    app.post<{ Params: { id: string } }>(
      `${deliveries.api}/:id/${name}`,
      { config: { permission: buttonPermission(deliveries, name) }, ...schemas },
      async (request) => {
        const id = recordId(request.params.id);
        const viewer = await requestViewer(app, request);
        const raw = (request.body && typeof request.body === 'object' ? { ...request.body } : {}) as Rec;
        const userId = request.user!.id;
        return app.db.transaction(async (tx) => {
          const delivery = await findRecord(tx, deliveries, id, viewer, true);
          if (!delivery) throw notFound();
          if (!canDeliver(name, delivery.status as number, delivery.deliveryType as number))
            throw wrongState(request, 'deliveryStatus', delivery.status, name);
          const order = (await findRecord(tx, orders, delivery.orderId as number, { userId, all: true }, true))!;
          const orderTo = orderAfterDelivery(name, order.status as number);
          if (orderTo === undefined) throw wrongState(request, 'orderStatus', order.status, name);
          const { columns, note } = await step(tx, delivery, raw, userId);
          const to = deliveryMachine.actions[name].to;
          const sets = Object.keys(columns).map((c, i) => `, ${c} = $${i + 3}`);
          await tx.query(
            `UPDATE deliveries SET status = $2${sets.join('')}, version = version + 1, updated_at = now() WHERE id = $1`,
            [id, to, ...Object.values(columns)],
          );
          await audit(tx, {
            userId,
            entity: 'deliveries',
            entityId: id,
            action: name,
            before: { status: delivery.status },
            after: { status: to, ...note },
          });
          if (orderTo !== order.status)
            await moveOrder(tx, userId, order, name === 'complete' ? 'sign' : 'dispatch', { to: orderTo });
          return { id, status: to, orderStatus: orderTo };
        });
      },
    );
  }
}
