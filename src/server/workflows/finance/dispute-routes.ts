import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { canBill } from '../../../domain/finance/bill-flow';
import { DisputeStatus } from '../../../domain/finance/codes';
import { buttonPermission } from '../../../domain/resource';
import { STORED_FILE_PATTERN } from '../../../domain/stored-file';
import { recordOf, routeSchemas, type Json } from '../../contract/route-schemas';
import { idParams } from '../../engine/openapi';
import { recordId, requestViewer } from '../../engine/request';
import { findRecord } from '../../engine/records';
import { wrongState } from '../../engine/transition';
import { conflict, notFound, validationError } from '../../errors';
import { storedFileName } from '../../files/stored-file-name';
import { audit } from '../documents';

/**
 * `POST /finance/bills/{id}/lines/{lineId}/dispute` (issue 43, pinned): a customer questions a line
 * of an issued or paid bill. The bill keeps its state (it can still be paid); its audit row is
 * `bill.disputed`, the dispute's own is its history's first step. A line holds one dispute at a
 * time: another while one is open, or after one was accepted, answers 40901. Staff answer it with
 * the dispute's declared actions (accept, reject).
 */
export function disputeRoutes(app: FastifyInstance) {
  const bills = resourceByName('bills')!;
  const disputes = resourceByName('disputes')!;
  const fields = disputes.schema.properties;

  const open = routeSchemas({
    summary: 'Dispute a line of an issued bill',
    description:
      'The bill must be issued or paid (a draft or a cancelled bill answers 40901), the line on it (else 404) and a charge (a credit line answers 40001). ' +
      'A line with an open or accepted dispute answers 40901. The answer is the dispute.',
    params: {
      type: 'object',
      required: ['id', 'lineId'],
      properties: {
        id: (idParams.properties as Record<string, Json>).id,
        lineId: { type: 'integer', minimum: 1, description: 'A line of the bill.' },
      },
    },
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['reason'],
      properties: {
        reason: fields.reason,
        attachment: { ...fields.attachment, readOnly: undefined, pattern: STORED_FILE_PATTERN },
      },
    },
    answer: recordOf('disputes'),
    checkedBy: 'schema',
  });

  app.post<{ Params: { id: string; lineId: string }; Body: { reason: string; attachment?: string } }>(
    `${bills.api}/:id/lines/:lineId/dispute`,
    { config: { permission: buttonPermission(disputes, 'create') }, ...open },
    async (request) => {
      const billId = recordId(request.params.id);
      const lineId = recordId(request.params.lineId);
      const viewer = await requestViewer(app, request);
      const reason = request.body.reason.trim();
      const disputeId = await app.db.transaction(async (tx) => {
        const bill = await findRecord(tx, bills, billId, viewer, true);
        if (!bill) throw notFound();
        if (!canBill('dispute', bill.status as number)) throw wrongState(request.t, bills, bill, 'dispute');
        const [line] = await tx.query<{ amount: string }>(
          'SELECT amount::text FROM bill_lines WHERE id = $1 AND bill_id = $2 FOR UPDATE',
          [lineId, billId],
        );
        if (!line) throw notFound();
        if (!(Number(line.amount) > 0))
          throw validationError([{ field: 'lineId', key: 'finance.validation.disputeCharge' }]);
        const held = await tx.query('SELECT 1 FROM disputes WHERE bill_line_id = $1 AND status IN ($2, $3)', [
          lineId,
          DisputeStatus.open,
          DisputeStatus.accepted,
        ]);
        if (held.length) throw conflict('finance.errors.lineDisputed');
        const attachment = request.body.attachment;
        const [dispute] = await tx.query<{ id: number }>(
          `INSERT INTO disputes (organization_id, warehouse_id, bill_id, bill_line_id, currency, line_amount, reason, attachment, attachment_name, status, created_by)
           VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8, $9, $10, $11) RETURNING id`,
          [
            bill.organizationId,
            bill.warehouseId,
            billId,
            lineId,
            bill.currency,
            line.amount,
            reason,
            attachment ?? null,
            attachment ? await storedFileName(tx, attachment) : null,
            DisputeStatus.open,
            request.user!.id,
          ],
        );
        const userId = request.user!.id;
        await audit(tx, {
          userId,
          entity: 'disputes',
          entityId: dispute.id,
          action: 'create',
          after: {
            status: DisputeStatus.open,
            organizationId: bill.organizationId,
            billId,
            billLineId: lineId,
            reason,
          },
        });
        await audit(tx, {
          userId,
          entity: 'bills',
          entityId: billId,
          action: 'dispute',
          after: { lineId, disputeId: dispute.id, reason },
        });
        return dispute.id;
      });
      return findRecord(app.db, disputes, disputeId, viewer);
    },
  );
}
