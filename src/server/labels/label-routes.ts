import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../resources/index';
import { readRefusals } from '../contract/read-refusals';
import { int, obj, str } from '../contract/route-schemas';
import { documented } from '../engine/openapi';
import { requestViewer } from '../engine/request';
import { findRecord } from '../engine/records';
import { scopeCondition } from '../engine/scope';
import { isRowId } from '../engine/sql';
import { conflict, notFound, validationError } from '../errors';
import { labelsPdf, type LabelLayout, type LotLabel } from './lot-label';

/** More than a pallet printer's roll per request is a mistake, and the PDF is built in memory. */
const MAX_LABELS = 500;

const labelQuery = obj({
  ids: str(`Lot ids, comma separated, at most ${MAX_LABELS}. A lot the caller may not see answers 404.`),
  inboundId: int('Every lot this inbound created (confirmed inbounds have lots).'),
  skuId: int('Every lot of this SKU still holding stock.'),
  layout: {
    type: 'string',
    enum: ['label', 'a4'],
    description: 'label (default): one 100 x 150 mm page a lot; a4: four to a sheet.',
  },
});

const labelSchemas = documented({
  summary: 'Lot labels as a PDF',
  description:
    'Code 128 and QR of the lot code (`L` + lot id), with SKU, customer, inbound, inbound date, pallets and pieces, ' +
    "in the caller's language. Exactly one of ids, inboundId or skuId; none or several answer 40001, a foreign id 404, " +
    'an inbound or SKU without lots 40901.',
  querystring: labelQuery,
  response: {
    200: { description: 'The labels.', content: { 'application/pdf': { schema: str() } } },
    ...readRefusals({
      notFound: 'A lot, inbound or SKU named that the caller may not see (40401).',
      conflict: 'The inbound or SKU has no lots to label (40901).',
    }),
  },
});

const ROWS = `SELECT l.id AS "lotId", s.title AS "skuTitle", s.barcode AS "skuBarcode", o.organization_name AS customer,
    i.order_no AS "inboundNo", to_char(l.inbound_date, 'YYYY-MM-DD') AS "inboundDate", w.name AS warehouse,
    l.pallets_in AS pallets, l.pieces_in AS pieces
  FROM lots l JOIN skus s ON s.id = l.sku_id JOIN organizations o ON o.id = l.organization_id
  JOIN inbounds i ON i.id = l.inbound_id JOIN warehouses w ON w.id = l.warehouse_id`;

type Query = { ids?: string; inboundId?: string; skuId?: string; layout?: string };

/** The one selector a request names, checked; a problem answers 40001 on that parameter. */
function selectorOf(query: Query) {
  const given = (['ids', 'inboundId', 'skuId'] as const).filter((k) => query[k] !== undefined);
  if (given.length !== 1) throw validationError([{ field: 'ids', key: 'scan.validation.labelSelector' }]);
  const key = given[0];
  const ids = String(query[key])
    .split(',')
    .map((part) => (/^\d{1,10}$/.test(part.trim()) ? Number(part) : NaN));
  if (!ids.length || ids.length > (key === 'ids' ? MAX_LABELS : 1) || !ids.every(isRowId))
    throw validationError([{ field: key, key: 'scan.validation.labelIds', params: { max: MAX_LABELS } }]);
  if (query.layout !== undefined && query.layout !== 'label' && query.layout !== 'a4')
    throw validationError([{ field: 'layout', key: 'validation.enum' }]);
  return { key, ids: [...new Set(ids)], layout: (query.layout ?? 'label') as LabelLayout };
}

/**
 * Printable lot labels (issue 28): from a lot, an inbound (all its lots) or a SKU (its lots in
 * stock). Whoever may see the lots may print them; tenant scoping is the lots' own.
 */
export function labelRoutes(app: FastifyInstance) {
  const lots = resourceByName('lots')!;
  app.get<{ Querystring: Query }>(
    `${lots.api}/labels`,
    { config: { permission: lots.permission }, ...labelSchemas },
    async (request, reply) => {
      const { key, ids, layout } = selectorOf(request.query);
      const viewer = await requestViewer(app, request);
      if (key !== 'ids') {
        const owner = resourceByName(key === 'inboundId' ? 'inbounds' : 'skus')!;
        if (!(await findRecord(app.db, owner, ids[0], viewer))) throw notFound();
      }
      const params: unknown[] = [ids];
      const scope = scopeCondition(lots, viewer, 'l', (v) => `$${params.push(v)}`);
      const where = {
        ids: 'l.id = ANY($1::int[])',
        inboundId: 'l.inbound_id = ($1::int[])[1]',
        skuId: '(l.sku_id = ($1::int[])[1] AND l.pieces > 0)',
      }[key];
      const rows = await app.db.query<LotLabel>(
        `${ROWS} WHERE ${where}${scope ? ` AND ${scope}` : ''} ORDER BY l.id LIMIT ${MAX_LABELS + 1}`,
        params,
      );
      if (key === 'ids' && rows.length < ids.length) throw notFound();
      if (!rows.length) throw conflict('scan.errors.noLots');
      if (rows.length > MAX_LABELS)
        throw validationError([{ field: key, key: 'scan.validation.labelIds', params: { max: MAX_LABELS } }]);
      const caption = (name: string) => request.t(`scan.label.${name}`);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="labels-${key}-${ids[0]}.pdf"`)
        .send(labelsPdf(rows, layout, caption));
    },
  );
}
