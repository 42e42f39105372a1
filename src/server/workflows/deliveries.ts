import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { OrderStatus } from '../../domain/order-flow';
import { buttonPermission, type EntitySchema } from '../../domain/resource';
import { requestViewer } from '../engine/request';
import { findRecord, type Rec } from '../engine/records';
import { wrongState } from '../engine/transition';
import { conflict, validationError } from '../errors';
import { audit } from './documents';
import { recordOf, routeSchemas } from '../contract/route-schemas';
import { bodyOf, rowId } from './order-schemas';

const body = (required: string[], properties: EntitySchema['properties']): EntitySchema => ({
  $id: required.join(),
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const CREATE = body(['orderId'], { orderId: rowId, remarks: { type: 'string', maxLength: 1000 } });

/**
 * Deliveries (C6): staff create one for a shipped order (12); its actions (dispatch, sign, fail,
 * re-dispatch, each moving the order along) are the declared state machine's, mounted by the engine.
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
    checkedBy: 'schema',
  });
  app.post(
    deliveries.api,
    { config: { permission: buttonPermission(deliveries, 'create') }, ...create },
    async (request) => {
      const input = request.body as Rec;
      const viewer = await requestViewer(app, request);
      return app.db.transaction(async (tx) => {
        const order = await findRecord(tx, orders, input.orderId as number, viewer, true);
        if (!order) throw validationError([{ field: 'orderId', key: 'validation.ref' }]);
        if (order.status !== OrderStatus.shipped) throw wrongState(request.t, orders, order, 'create', 'deliveries');
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
}
