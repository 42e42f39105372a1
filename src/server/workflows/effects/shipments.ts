import { storedFields } from '../../../domain/resource';
import { DocStatus } from '../../../domain/stock-flow';
import type { Queryable } from '../../db/types';
import { findRecord } from '../../engine/records';
import type { Effect, EffectContext } from '../../engine/transition';
import { column, table } from '../../engine/sql';
import { conflict, validationError } from '../../errors';
import { audit } from '../documents';
import { insertDocument, readDocument } from '../plan';

/** Fields a copy leaves empty: it is a new voyage of the same cargo. */
const NOT_COPIED = new Set(['blNo', 'etd', 'eta', 'atd', 'ata', 'deliverDate', 'inboundId', 'inboundAt']);

const INBOUND_KIND = { resource: 'inbounds', lines: 'inboundLines', foreignKey: 'inboundId', prefix: 'IN' } as const;

/** INSERT ... SELECT of a row's stored columns, less the ones not copied, with overrides by field name. */
async function copyRow(
  tx: Queryable,
  ctx: EffectContext,
  resourceName: string,
  id: number,
  overrides: Record<string, unknown>,
) {
  const r = ctx.resource(resourceName)!;
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

/** The stored columns a copy carries over from a row of the resource: less those left empty and those set anew. */
const copiedColumns = (ctx: EffectContext, resourceName: string, setAnew: string[]) =>
  storedFields(ctx.resource(resourceName)!)
    .filter((f) => !NOT_COPIED.has(f) && !setAnew.includes(f))
    .map(column);

/**
 * Copy: a new shipment with the same header, containers and goods, new ids, dates, BL and inbound
 * cleared; answered as the copy, whose own audit row says where it came from. However many
 * containers, a handful of statements: the containers' new ids are reserved first, in their old
 * order, so their goods are copied in one go joined on the old -> new pairs.
 */
export const copyShipment: Effect = async (tx, ctx) => {
  const id = ctx.record.id as number;
  const copy = await copyRow(tx, ctx, 'shipments', id, { createdBy: ctx.userId });
  const pairs = await tx.query<{ old: number; id: number }>(
    `SELECT old, nextval(pg_get_serial_sequence('containers', 'id'))::int AS id
       FROM (SELECT id AS old FROM containers WHERE shipment_id = $1 ORDER BY id) c`,
    [id],
  );
  if (pairs.length) {
    const params = [pairs.map((p) => p.old), pairs.map((p) => p.id), copy];
    const pairsOf = 'unnest($1::int[], $2::int[]) AS m(old, id)';
    const containers = copiedColumns(ctx, 'containers', ['shipmentId']);
    await tx.query(
      `INSERT INTO containers (id, ${containers.join(', ')}, shipment_id)
       SELECT m.id, ${containers.map((c) => `c.${c}`).join(', ')}, $3
         FROM ${pairsOf} JOIN containers c ON c.id = m.old ORDER BY m.id`,
      params,
    );
    const goods = copiedColumns(ctx, 'goods', ['containerId', 'shipmentId']);
    await tx.query(
      `INSERT INTO goods (${goods.join(', ')}, container_id, shipment_id)
       SELECT ${goods.map((c) => `g.${c}`).join(', ')}, m.id, $3
         FROM ${pairsOf} JOIN goods g ON g.container_id = m.old ORDER BY g.id`,
      params,
    );
  }
  // The copy is a new record: its creation row, as a create writes one.
  await audit(tx, { userId: ctx.userId, entity: 'shipments', entityId: copy, action: 'create', after: { from: id } });
  return { note: { copy }, reply: await findRecord(tx, ctx.r, copy, ctx.viewer) };
};

/**
 * Inbound: a draft inbound (type 1) for the warehouse given (the engine checked the caller may see
 * it), one line per SKU of the goods, linked to the shipment; a shipment whose inbound is not
 * cancelled answers 40901 naming it.
 */
export const receiveShipment: Effect = async (tx, ctx) => {
  const { record: shipment, input } = ctx;
  if (shipment.inboundId) {
    const [existing] = await tx.query<{ status: number; order_no: string }>(
      'SELECT status, order_no FROM inbounds WHERE id = $1',
      [shipment.inboundId],
    );
    if (existing && existing.status !== DocStatus.cancelled)
      throw conflict('errors.shipmentHasInbound', { orderNo: existing.order_no });
  }
  const warehouseId = input.warehouseId as number;
  const lines = await tx.query<{ skuId: number; productId: number; pieces: number; pallets: number; skuTitle: string }>(
    `SELECT g.sku_id AS "skuId", min(g.product_id) AS "productId", sum(g.pieces)::int AS pieces, coalesce(sum(g.pallets), 0)::int AS pallets, min(s.title) AS "skuTitle"
       FROM goods g JOIN skus s ON s.id = g.sku_id WHERE g.shipment_id = $1 GROUP BY g.sku_id ORDER BY g.sku_id`,
    [shipment.id],
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
    refNo: `SHIPMENT-${shipment.id}`,
  };
  const inboundId = await insertDocument(tx, INBOUND_KIND, header, lines, ctx.userId);
  return {
    columns: { inbound_id: inboundId },
    note: { inboundId, warehouseId },
    reply: await readDocument(tx, INBOUND_KIND, inboundId),
  };
};
