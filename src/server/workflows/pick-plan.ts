import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { lotCode } from '../../domain/barcode';
import { buttonPermission } from '../../domain/resource';
import { DocStatus } from '../../domain/stock-flow';
import { readRefusals } from '../contract/read-refusals';
import { arrayOf, day, fullObj, idParams, int, type Json, orNull, routeSchemas, str } from '../contract/route-schemas';
import { recordId, requestViewer } from '../engine/request';
import { findRecord } from '../engine/records';
import { conflict, notFound } from '../errors';
import { fifoTakes, lotsInStock } from './fifo';

const pick = fullObj({
  lineId: int(),
  skuId: int(),
  skuTitle: str(),
  skuBarcode: orNull(str()),
  lotId: int(),
  lotCode: str('What the lot label encodes (Code 128 and QR).'),
  inboundDate: day(),
  pieces: int(),
  pallets: int(),
});

const answered = routeSchemas({
  summary: "An awaiting outbound's picks",
  description:
    'The lots its confirm would take now, first in first out by the same rule and in the same order, for the picking ' +
    'screen to scan. Reads only: the confirm decides again under its locks. An outbound not awaiting answers 40901.',
  params: idParams,
  answer: fullObj({
    rows: arrayOf(pick),
    short: int('Pieces no lot in stock covers (0 while the reservation holds).'),
  }),
});
const pickSchemas = {
  ...answered,
  schema: {
    ...answered.schema,
    response: {
      ...(answered.schema.response as Json),
      ...readRefusals({ conflict: 'The outbound is not awaiting (40901).' }),
    },
  },
};

/** The picking list of the scanner screen (issue 28), for whoever may confirm outbounds. */
export function pickPlanRoutes(app: FastifyInstance) {
  const outbounds = resourceByName('outbounds')!;
  app.get<{ Params: { id: string } }>(
    `${outbounds.api}/:id/picks`,
    { config: { permission: buttonPermission(outbounds, 'confirm') }, ...pickSchemas },
    async (request) => {
      const viewer = await requestViewer(app, request);
      const doc = await findRecord(app.db, outbounds, recordId(request.params.id), viewer);
      if (!doc) throw notFound();
      if (doc.status !== DocStatus.awaiting) throw conflict('errors.conflict');
      const lines = await app.db.query<{ id: number; sku_id: number; pieces: number; pallets: number }>(
        'SELECT id, sku_id, pieces, pallets FROM outbound_lines WHERE outbound_id = $1 ORDER BY sku_id, id',
        [doc.id],
      );
      const inventory = await app.db.query<{ id: number; sku_id: number }>(
        'SELECT id, sku_id FROM inventory WHERE organization_id = $1 AND warehouse_id = $2 AND sku_id = ANY($3::int[])',
        [doc.organizationId, doc.warehouseId, lines.map((l) => l.sku_id)],
      );
      const inventoryOf = new Map(inventory.map((i) => [i.sku_id, i.id]));
      const lots = await lotsInStock(app.db, [...inventoryOf.values()], false);
      const skus = await app.db.query<{ id: number; title: string; barcode: string | null }>(
        'SELECT id, title, barcode FROM skus WHERE id = ANY($1::int[])',
        [lines.map((l) => l.sku_id)],
      );
      const skuOf = new Map(skus.map((s) => [s.id, s]));
      const { takes, short } = fifoTakes(lines, (skuId) => inventoryOf.get(skuId), lots);
      return {
        rows: takes.map((t) => ({
          lineId: t.lineId,
          skuId: t.skuId,
          skuTitle: skuOf.get(t.skuId)!.title,
          skuBarcode: skuOf.get(t.skuId)!.barcode,
          lotId: t.lotId,
          lotCode: lotCode(t.lotId),
          inboundDate: t.inboundDate,
          pieces: t.pieces,
          pallets: t.pallets,
        })),
        short,
      };
    },
  );
}
