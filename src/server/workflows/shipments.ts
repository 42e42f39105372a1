import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { buttonPermission, storedFields } from '../../domain/resource';
import { DocStatus } from '../../domain/stock-flow';
import type { Queryable } from '../db/types';
import { recordId, requestViewer } from '../engine/crud';
import { findRecord } from '../engine/records';
import { column, INT4_MAX, table } from '../engine/sql';
import { conflict, notFound, validationError } from '../errors';
import { audit } from './documents';
import { documentAnswer, insertDocument, readDocument } from './plan';
import { idParams, obj, recordOf, routeSchemas } from '../contract/route-schemas';

/** Fields a copy leaves empty: it is a new voyage of the same cargo. */
const NOT_COPIED = new Set(['blNo', 'etd', 'eta', 'atd', 'ata', 'deliverDate', 'inboundId', 'inboundAt']);

const INBOUND_KIND = { resource: 'inbounds', lines: 'inboundLines', foreignKey: 'inboundId', prefix: 'IN' } as const;

/** INSERT ... SELECT of a row's stored columns, less the ones not copied, with overrides by field name. */
async function copyRow(tx: Queryable, resourceName: string, id: number, overrides: Record<string, unknown>) {
  const r = resourceByName(resourceName)!;
  const fields = storedFields(r).filter((f) => !NOT_COPIED.has(f) && !(f in overrides));
  const cols = fields.map(column);
  const extra = Object.keys(overrides).map(column);
  const [{ id: copy }] = await tx.query<{ id: number }>(
    `INSERT INTO ${table(r)} (${[...cols, ...extra].join(', ')})
     SELECT ${[...cols, ...extra.map((_, i) => `$${i + 2}`)].join(', ')} FROM ${table(r)} WHERE id = $1 RETURNING id`,
    [id, ...Object.values(overrides)],
  );
  return copy;
}

/**
 * Shipment workflows: copy (same header, containers and goods; new ids; dates, BL and inbound
 * cleared) and inbound (a type-1 inbound order for a warehouse with one line per SKU of the goods).
 */
export function shipmentRoutes(app: FastifyInstance) {
  const r = resourceByName('shipments')!;
  const copySchemas = routeSchemas({
    summary: 'Copy a shipment',
    description:
      'A new shipment with the same header, containers and goods; BL number, dates and inbound are left empty.',
    params: idParams,
    answer: recordOf('shipments'),
  });
  const inboundSchemas = routeSchemas({
    summary: 'Receive a shipment into a warehouse',
    description:
      'Makes a draft inbound (type 1) with one line per SKU of the goods and links it to the shipment. ' +
      'A shipment whose inbound is not cancelled answers 40901 naming it; one without goods answers 40001.',
    params: idParams,
    body: obj(
      {
        warehouseId: { type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'A warehouse the caller may see.' },
      },
      ['warehouseId'],
    ),
    answer: documentAnswer(INBOUND_KIND),
  });

  app.post<{ Params: { id: string } }>(
    `${r.api}/:id/copy`,
    { config: { permission: buttonPermission(r, 'copy') }, ...copySchemas },
    async (request) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      return app.db.transaction(async (tx) => {
        if (!(await findRecord(tx, r, id, viewer))) throw notFound();
        const copy = await copyRow(tx, 'shipments', id, { createdBy: request.user!.id });
        const containers = await tx.query<{ id: number }>(
          'SELECT id FROM containers WHERE shipment_id = $1 ORDER BY id',
          [id],
        );
        for (const container of containers) {
          const newContainer = await copyRow(tx, 'containers', container.id, { shipmentId: copy });
          const goods = await tx.query<{ id: number }>('SELECT id FROM goods WHERE container_id = $1 ORDER BY id', [
            container.id,
          ]);
          for (const g of goods) await copyRow(tx, 'goods', g.id, { containerId: newContainer, shipmentId: copy });
        }
        await audit(tx, {
          userId: request.user!.id,
          entity: 'shipments',
          entityId: copy,
          action: 'copy',
          before: { from: id },
        });
        return findRecord(tx, r, copy, viewer);
      });
    },
  );

  app.post<{ Params: { id: string }; Body: { warehouseId?: number } }>(
    `${r.api}/:id/inbound`,
    { config: { permission: buttonPermission(r, 'inbound') }, ...inboundSchemas },
    async (request) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      return app.db.transaction(async (tx) => {
        const shipment = await findRecord(tx, r, id, viewer, true);
        if (!shipment) throw notFound();
        if (shipment.inboundId) {
          const [existing] = await tx.query<{ status: number; order_no: string }>(
            'SELECT status, order_no FROM inbounds WHERE id = $1',
            [shipment.inboundId],
          );
          if (existing && existing.status !== DocStatus.cancelled)
            throw conflict('errors.shipmentHasInbound', { orderNo: existing.order_no });
        }
        const warehouseId = request.body?.warehouseId;
        if (!(await findRecord(tx, resourceByName('warehouses')!, warehouseId!, viewer)))
          throw validationError([{ field: 'warehouseId', key: 'validation.required' }]);
        const lines = await tx.query<{
          skuId: number;
          productId: number;
          pieces: number;
          pallets: number;
          skuTitle: string;
        }>(
          `SELECT g.sku_id AS "skuId", min(g.product_id) AS "productId", sum(g.pieces)::int AS pieces, coalesce(sum(g.pallets), 0)::int AS pallets, min(s.title) AS "skuTitle"
             FROM goods g JOIN skus s ON s.id = g.sku_id WHERE g.shipment_id = $1 GROUP BY g.sku_id ORDER BY g.sku_id`,
          [id],
        );
        if (!lines.length) throw validationError([{ field: 'products', key: 'validation.products' }]);
        const header = {
          organizationId: shipment.organizationId,
          warehouseId,
          inboundType: 1,
          blNo: shipment.blNo ?? undefined,
          etd: shipment.etd ?? undefined,
          eta: shipment.eta ?? undefined,
          plannedInboundDate: shipment.eta ?? undefined,
          refNo: `SHIPMENT-${id}`,
        };
        const inboundId = await insertDocument(tx, INBOUND_KIND, header, lines, request.user!.id);
        await tx.query(
          'UPDATE shipments SET inbound_id = $2, version = version + 1, updated_at = now() WHERE id = $1',
          [id, inboundId],
        );
        await audit(tx, {
          userId: request.user!.id,
          entity: 'shipments',
          entityId: id,
          action: 'inbound',
          after: { inboundId },
        });
        return readDocument(tx, INBOUND_KIND, inboundId);
      });
    },
  );
}
