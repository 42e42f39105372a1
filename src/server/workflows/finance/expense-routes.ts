import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { ExpenseStatus } from '../../../domain/finance/codes';
import { buttonPermission } from '../../../domain/resource';
import { recordId, requestViewer } from '../../engine/crud';
import { findRecord, type Rec } from '../../engine/records';
import { conflict, notFound, validationError } from '../../errors';
import { audit } from '../documents';
import { idParams, obj, recordOf, routeSchemas } from '../../contract/route-schemas';

/** `POST /finance/expenses/{id}/void {reason}`: an expense on no bill is voided, with an audit row. */
export function expenseRoutes(app: FastifyInstance) {
  const r = resourceByName('expenses')!;
  const schemas = routeSchemas({
    summary: 'Void an expense',
    description: 'Only an open expense on no bill; one billed or already void answers 40901.',
    params: idParams,
    body: obj(
      { reason: { type: 'string', minLength: 1, maxLength: 500, description: 'Why; not blank, stored trimmed.' } },
      ['reason'],
    ),
    answer: recordOf('expenses'),
  });
  app.post<{ Params: { id: string } }>(
    `${r.api}/:id/void`,
    { config: { permission: buttonPermission(r, 'void') }, ...schemas },
    async (request) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      const reason = ((request.body ?? {}) as Rec).reason;
      if (typeof reason !== 'string' || !reason.trim() || reason.length > 500)
        throw validationError([{ field: 'reason', key: 'finance.validation.voidReason' }]);
      await app.db.transaction(async (tx) => {
        const expense = await findRecord(tx, r, id, viewer, true);
        if (!expense) throw notFound();
        if (expense.status !== ExpenseStatus.open || expense.billId) throw conflict('finance.errors.expenseBilled');
        await tx.query(
          'UPDATE expenses SET status = $2, void_reason = $3, version = version + 1, updated_at = now() WHERE id = $1',
          [id, ExpenseStatus.void, reason.trim()],
        );
        await audit(tx, {
          userId: request.user!.id,
          entity: 'expenses',
          entityId: id,
          action: 'void',
          before: { status: expense.status },
          after: { status: ExpenseStatus.void, reason: reason.trim() },
        });
      });
      return findRecord(app.db, r, id, viewer);
    },
  );
}
