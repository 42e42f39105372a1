import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { buttonPermission } from '../../../domain/resource';
import { arrayOf, bool, fullObj, int, type Json, obj, orNull, str } from '../../contract/route-schemas';
import { documented, envelope, idParams } from '../../engine/openapi';
import { recordId, requestViewer } from '../../engine/request';
import { findRecord } from '../../engine/records';
import { notFound } from '../../errors';
import { readParams } from '../../reports/params';
import { audit } from '../documents';
import {
  recordScans,
  scanLines,
  scanLog,
  scannedLots,
  scanUsers,
  type ScanDocument,
  type SentScan,
} from './scan-records';

const line = fullObj({
  skuId: int(),
  skuTitle: orNull(str()),
  barcode: orNull(str()),
  expected: int('Pieces the document expects of the SKU, over all its lines.'),
  scanned: int('Pieces its counted scans add up to.'),
  short: int(),
  over: int(),
});

const lots = arrayOf(
  obj({ lotId: int(), pieces: int('Pieces its counted scans add up to.') }, ['lotId', 'pieces']),
  "Counted pieces per lot: on an outbound, the picks scanned by their lots' labels; empty on an inbound or a return.",
);

const users = arrayOf(
  obj(
    { userId: int(), userName: orNull(str()), scans: int(), scanned: int('Pieces of their scans that were counted.') },
    ['userId', 'userName', 'scans', 'scanned'],
  ),
  'Scans and counted pieces per worker.',
);

const result = fullObj({
  id: str('The id the device gave the scan.'),
  code: str(),
  pieces: int(),
  counted: bool(),
  over: bool('Counted past what the document expects of the SKU: counted all the same, and flagged.'),
  refusal: orNull(
    str(
      'Why it was not counted: unknownCode, notOnDocument, notAwaiting (the document was confirmed or cancelled), idUsed (the id names a scan of another document).',
    ),
  ),
  message: orNull(str('The refusal in the language asked for.')),
  skuId: orNull(int()),
  lotId: orNull(int()),
});

/** The body of a batch of scans (a count's too, workflows/counts), its code described for what is scanned. */
export const scanBatch = (code: string): Json => ({
  type: 'object',
  additionalProperties: false,
  required: ['scans'],
  properties: {
    device: { type: 'string', maxLength: 100, description: 'Which device sent them, for the log.' },
    scans: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'code', 'at'],
        properties: {
          id: {
            type: 'string',
            pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
            description: 'A UUID made by the device: the same scan sent again is counted once.',
          },
          code: {
            type: 'string',
            minLength: 1,
            maxLength: 128,
            description: code,
          },
          pieces: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
          at: { type: 'string', format: 'date-time', description: 'When it was scanned, on the device.' },
        },
      },
    },
  },
});

const batch = scanBatch("A SKU's barcode, or on an outbound a lot's label.");

/** Scanning a document takes the right of the action that books what was scanned. */
const SCANNED: Record<ScanDocument, { books: string; what: string }> = {
  inbounds: { books: 'confirm', what: 'an inbound' },
  outbounds: { books: 'confirm', what: 'an outbound' },
  returns: { books: 'receive', what: 'a return' },
};

/**
 * `POST /inventory/{inbounds|outbounds|returns}/{id}/scans` and `GET` on the same path (issues 41
 * and 42): scans stored as they happen, each counted once by its device-made id, so a reload, a
 * sleeping phone or a retry after a dead spot loses and doubles nothing, and several phones count
 * one document together.
 */
export function scanRoutes(app: FastifyInstance) {
  for (const [document, { books, what }] of Object.entries(SCANNED) as [
    ScanDocument,
    (typeof SCANNED)[ScanDocument],
  ][]) {
    const r = resourceByName(document)!;
    const permission = buttonPermission(r, books);

    app.post<{ Params: { id: string }; Body: { device?: string; scans: SentScan[] } }>(
      `${r.api}/:id/scans`,
      {
        config: { permission },
        ...documented({
          summary: `Record scans of ${what}`,
          description:
            'Up to 500 scans, each with the id its device made: one already recorded (a retry after a lost answer) is not counted again and answers its first result. ' +
            'Each is counted, or refused with its reason and kept so; a scan past the expected pieces is counted and flagged. The answer has every scan’s result and the document’s totals per SKU, per lot and per worker.',
          params: idParams,
          body: batch,
          response: {
            200: envelope(
              obj({ scans: arrayOf(result), lines: arrayOf(line), lots, users }, ['scans', 'lines', 'lots', 'users']),
            ),
          },
        }),
      },
      async (request) => {
        const id = recordId(request.params.id);
        const viewer = await requestViewer(app, request);
        const answer = await app.db.transaction(async (tx) => {
          if (!(await findRecord(tx, r, id, viewer))) throw notFound();
          const [doc] = await tx.query<{ id: number; organizationId: number; status: number }>(
            `SELECT id, organization_id AS "organizationId", status FROM ${document} WHERE id = $1 FOR SHARE`,
            [id],
          );
          const { results: scans, added } = await recordScans(
            tx,
            document,
            doc,
            request.body.scans,
            request.user!.id,
            request.body.device ?? null,
          );
          // New scans are the document's event (inbound.scanned): its timeline, and the other phones' live counts.
          if (added.scans)
            await audit(tx, {
              userId: request.user!.id,
              entity: document,
              entityId: id,
              action: 'scan',
              after: { ...added, device: request.body.device ?? null },
            });
          return {
            scans,
            lines: await scanLines(tx, document, id),
            lots: await scannedLots(tx, document, id),
            users: await scanUsers(tx, document, id),
          };
        });
        return {
          ...answer,
          scans: answer.scans.map((s) => ({
            ...s,
            message: s.refusal ? request.t(`scan.refused.${s.refusal}`) : null,
          })),
        };
      },
    );

    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
      `${r.api}/:id/scans`,
      {
        config: { permission },
        ...documented({
          summary: `The scans of ${what}`,
          description:
            'Its totals per SKU (expected, scanned, short, over), per user, and the log newest first (who, when on the device and on the server, which device, the code, the result): `limit` entries, 100 unless said.',
          params: idParams,
          querystring: obj({ limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } }),
          response: {
            200: envelope(
              obj(
                {
                  lines: arrayOf(line),
                  lots,
                  users,
                  log: arrayOf(
                    obj(
                      {
                        id: str(),
                        code: str(),
                        pieces: int(),
                        counted: bool(),
                        refusal: orNull(str()),
                        skuId: orNull(int()),
                        lotId: orNull(int()),
                        device: orNull(str()),
                        userId: int(),
                        userName: orNull(str()),
                        at: str('On the device (ISO 8601).'),
                        receivedAt: str('On the server (ISO 8601).'),
                      },
                      [
                        'id',
                        'code',
                        'pieces',
                        'counted',
                        'refusal',
                        'skuId',
                        'lotId',
                        'device',
                        'userId',
                        'userName',
                        'at',
                        'receivedAt',
                      ],
                    ),
                  ),
                  total: int('Scans in all, refused ones included.'),
                },
                ['lines', 'lots', 'users', 'log', 'total'],
              ),
            ),
          },
        }),
      },
      async (request) => {
        const id = recordId(request.params.id);
        const { ints } = readParams(request.query, { ints: ['limit'] });
        if (!(await findRecord(app.db, r, id, await requestViewer(app, request)))) throw notFound();
        return {
          lines: await scanLines(app.db, document, id),
          lots: await scannedLots(app.db, document, id),
          users: await scanUsers(app.db, document, id),
          ...(await scanLog(app.db, document, id, Math.min(ints.limit ?? 100, 1000))),
        };
      },
    );
  }
}
