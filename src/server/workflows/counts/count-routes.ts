import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { CountStatus } from '../../../domain/count-flow';
import { buttonPermission } from '../../../domain/resource';
import {
  arrayOf,
  bool,
  fullObj,
  int,
  type Json,
  obj,
  orNull,
  recordOf,
  routeSchemas,
  str,
} from '../../contract/route-schemas';
import type { Queryable } from '../../db/types';
import { idParams } from '../../engine/openapi';
import { findRecord, findRecords, type Rec } from '../../engine/records';
import { recordId, requestViewer } from '../../engine/request';
import type { Viewer } from '../../engine/scope';
import { wrongState } from '../../engine/transition';
import { notFound } from '../../errors';
import { audit } from '../documents';
import { scanBatch } from '../scans/scan-routes';
import type { SentScan } from '../scans/scan-records';
import { recordCountScans } from './count-scans';

const result = fullObj({
  id: str('The id the device gave the scan.'),
  code: str(),
  pieces: int(),
  counted: bool(),
  refusal: orNull(
    str(
      "Why it was not counted: unknownCode (no lot's label nor SKU's barcode reads so), notOnCount (a lot or SKU this count does not hold), manyLots (a SKU with several lots on the count: scan their labels), notCounting (the count was submitted, approved or cancelled), idUsed (the id names a scan of another document).",
    ),
  ),
  message: orNull(str('The refusal in the language asked for.')),
  skuId: orNull(int()),
  lotId: orNull(int('The lot, hence the line, a counted scan added its pieces to.')),
});

const lineParams: Json = {
  type: 'object',
  required: ['id', 'lineId'],
  properties: {
    id: (idParams.properties as Record<string, Json>).id,
    lineId: { type: 'integer', minimum: 1, description: 'A line of the count.' },
  },
};

/**
 * The count, locked for sharing (a submit or cancel waits for what counts now, and what counts
 * after them finds them), as the caller may see it: 404 otherwise.
 */
async function lockedCount(tx: Queryable, viewer: Viewer, id: number) {
  const count = await findRecord(tx, resourceByName('counts')!, id, viewer);
  if (!count) throw notFound();
  const [held] = await tx.query<{ status: number }>('SELECT status FROM counts WHERE id = $1 FOR SHARE', [id]);
  return { ...count, status: held.status };
}

/**
 * Counting (issue 42), the `count` right: `POST /inventory/counts/{id}/scans` records a batch of
 * scans as a stock document's are (issue 41's body, each counted once by its device-made id), a
 * code naming a lot or a SKU of the count, each counted scan adding its pieces to its line; and
 * `PATCH /inventory/counts/{id}/lines/{lineId}` with `{ "counted": n }` types a line's pieces,
 * over an earlier count (a recount). Both answer the lines as the caller may read them: a counter
 * without the `expected` right counts blind, the figures null. Each write is the count's event
 * (`count.scanned`, `count.counted`): its timeline and the other phones' live lines.
 */
export function countRoutes(app: FastifyInstance) {
  const counts = resourceByName('counts')!;
  const lines = resourceByName('countLines')!;
  const permission = buttonPermission(counts, 'count');

  app.post<{ Params: { id: string }; Body: { device?: string; scans: SentScan[] } }>(
    `${counts.api}/:id/scans`,
    {
      config: { permission },
      ...routeSchemas({
        summary: 'Record scans of a count',
        description:
          'Up to 500 scans, each with the id its device made: one already recorded (a retry after a lost answer) is not counted again and answers its first result. ' +
          "A lot's label counts that lot's line; a SKU's barcode the one line of that SKU on the count. Each counted scan adds its pieces to its line; a refused one is kept with its reason. " +
          'Only while the count is counting. The answer has every scan’s result and the lines the batch named, as the caller may read them.',
        params: idParams,
        body: scanBatch("A lot's label (L and its id), or a SKU's barcode naming the one lot of it on the count."),
        answer: obj({ scans: arrayOf(result), lines: arrayOf(recordOf('countLines')) }, ['scans', 'lines']),
        checkedBy: 'schema',
      }),
    },
    async (request) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      const device = request.body.device ?? null;
      const answer = await app.db.transaction(async (tx) => {
        const count = await lockedCount(tx, viewer, id);
        const { results, added } = await recordCountScans(tx, { id, status: count.status }, request.body.scans, {
          userId: request.user!.id,
          device,
          viewer,
        });
        if (added.scans)
          await audit(tx, {
            userId: request.user!.id,
            entity: counts.name,
            entityId: id,
            action: 'scan',
            after: { scans: added.scans, pieces: added.pieces, device },
          });
        const named = await tx.query<{ id: number }>(
          'SELECT id FROM count_lines WHERE count_id = $1 AND lot_id = ANY($2::int[]) ORDER BY lot_id',
          [id, [...new Set(results.filter((r) => r.counted).map((r) => r.lotId))]],
        );
        const rows = await findRecords(
          tx,
          lines,
          named.map((n) => n.id),
          viewer,
        );
        return { scans: results, lines: named.flatMap((n) => rows.filter((row) => row.id === n.id)) };
      });
      return {
        ...answer,
        scans: answer.scans.map((s) => ({
          ...s,
          message: s.refusal
            ? request.t(s.refusal === 'idUsed' ? 'scan.refused.idUsed' : `counts.refused.${s.refusal}`)
            : null,
        })),
      };
    },
  );

  app.patch<{ Params: { id: string; lineId: string }; Body: { counted: number } }>(
    `${counts.api}/:id/lines/:lineId`,
    {
      config: { permission },
      ...routeSchemas({
        summary: "Type a count line's pieces",
        description:
          'Sets the pieces counted of the line (0: none found), over an earlier count of it, which marks it recounted. Only while the count is counting (40901 otherwise). The answer is the line as the caller may read it.',
        params: lineParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['counted'],
          properties: {
            counted: { type: 'integer', minimum: 0, maximum: 100_000_000, description: 'Pieces counted.' },
          },
        },
        answer: recordOf('countLines'),
        checkedBy: 'schema',
      }),
    },
    async (request) => {
      const id = recordId(request.params.id);
      const lineId = recordId(request.params.lineId);
      const viewer = await requestViewer(app, request);
      const counted = request.body.counted;
      await app.db.transaction(async (tx) => {
        const count = await lockedCount(tx, viewer, id);
        const line = await findRecord(tx, lines, lineId, viewer, true);
        if (!line || line.countId !== id) throw notFound();
        if (count.status !== CountStatus.counting) throw wrongState(request.t, counts, count as Rec, 'count');
        // The moment of counting stamps what the lot holds then: the variance rule (count-variance.ts).
        await tx.query(
          `UPDATE count_lines c SET counted = $2, counted_at = $now, moved = l.pieces - c.expected,
                  recounted = c.recounted OR c.counted IS NOT NULL
             FROM lots l WHERE c.id = $1 AND l.id = c.lot_id`,
          [lineId, counted],
        );
        await audit(tx, {
          userId: request.user!.id,
          entity: counts.name,
          entityId: id,
          action: 'count',
          after: { lineId, lotId: line.lotId, counted },
        });
      });
      return findRecord(app.db, lines, lineId, viewer);
    },
  );
}
