import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { BillStatus, ExpenseStatus } from '../../../domain/finance/codes';
import { buttonPermission } from '../../../domain/resource';
import { daysBetween, isIsoDate } from '../../../domain/stock-flow';
import type { Queryable } from '../../db/types';
import { recordId, requestViewer } from '../../engine/crud';
import { checkReferences, findRecord, type Rec } from '../../engine/records';
import { validateRecord } from '../../engine/validate';
import { conflict, validationError, type FieldProblem } from '../../errors';
import { audit } from '../documents';
import { clearBill, fillBills } from './bill-fill';
import { generateBills } from './bill-generate';
import { lockBill } from './bill-lock';
import { feeModelOn } from './fee-models';

const bills = () => resourceByName('bills')!;

/** The writable header of a bill request: the schema's fields less the read-only ones. */
const headerOf = (body: unknown): Rec =>
  Object.fromEntries(Object.entries((body ?? {}) as Rec).filter(([f]) => bills().schema.properties[f] && !bills().schema.properties[f].readOnly));

const periodProblems = (from: string, to: string): FieldProblem[] =>
  to < from || daysBetween(from, to) > 366 ? [{ field: 'periodTo', key: 'finance.validation.periodTo' }] : [];

/**
 * Bill generation and its state machine (DESIGN 5): POST makes a draft priced from the fee model,
 * the lots and the open expenses; regenerate prices a draft again; issue freezes it and marks its
 * expenses billed; pay records date and reference; cancel releases the expenses.
 */
export function billRoutes(app: FastifyInstance) {
  const r = bills();
  const permission = (action: string) => ({ config: { permission: buttonPermission(r, action) } });

  app.post(r.api, permission('create'), async (request) => {
    const viewer = await requestViewer(app, request);
    const header = headerOf(request.body);
    const problems = validateRecord(r.schema, header);
    if (!problems.length) problems.push(...(await checkReferences(app.db, r, header, viewer)), ...periodProblems(header.periodFrom as string, header.periodTo as string));
    if (problems.length) throw validationError(problems);
    const id = await app.db.transaction(async (tx) => {
      const run = await generateBills(tx, {
        organizationIds: [header.organizationId as number], warehouseId: header.warehouseId as number,
        periodFrom: header.periodFrom as string, periodTo: header.periodTo as string,
        language: header.language as string, remarks: header.remarks as string | undefined, userId: request.user!.id,
      });
      const skipped = run.skipped[0];
      if (skipped?.reason === 'billed') throw conflict('finance.errors.periodBilled', { billNo: skipped.billNo });
      if (skipped) throw validationError([{ field: 'organizationId', key: 'finance.validation.noFeeModel' }]);
      return run.created[0].id;
    });
    return findRecord(app.db, r, id, viewer);
  });

  /** Every customer the caller may bill, or the ones named, for one warehouse and period. */
  app.post(`${r.api}/generate`, permission('create'), async (request) => {
    const viewer = await requestViewer(app, request);
    const body = (request.body ?? {}) as Rec;
    const header: Rec = { ...headerOf(body), organizationId: 0 };
    const problems = validateRecord(r.schema, header).filter((p) => p.field !== 'organizationId');
    const named = body.organizationIds;
    if (named !== undefined && (!Array.isArray(named) || named.length > 1000 || !named.every((n) => Number.isInteger(n) && n > 0)))
      problems.push({ field: 'organizationIds', key: 'validation.format' });
    if (!problems.length) problems.push(...periodProblems(header.periodFrom as string, header.periodTo as string));
    if (problems.length) throw validationError(problems);
    const visible = viewer.all
      ? await app.db.query<{ id: number }>('SELECT id FROM organizations WHERE $1::int[] IS NULL OR id = ANY($1::int[])', [named ?? null])
      : (named ? (named as number[]).filter((n) => viewer.organizationIds.includes(n)) : viewer.organizationIds).map((id) => ({ id }));
    return app.db.transaction((tx) =>
      generateBills(tx, {
        organizationIds: visible.map((o) => o.id), warehouseId: header.warehouseId as number,
        periodFrom: header.periodFrom as string, periodTo: header.periodTo as string,
        language: header.language as string, userId: request.user!.id, onlyActive: true,
      }),
    );
  });

  const action = (name: 'regenerate' | 'issue' | 'pay' | 'cancel', run: (tx: Queryable, bill: Rec, body: Rec) => Promise<Rec>) =>
    app.post<{ Params: { id: string } }>(`${r.api}/:id/${name}`, permission(name), async (request) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      const body = (request.body ?? {}) as Rec;
      await app.db.transaction(async (tx) => {
        const bill = await lockBill(tx, request, id, viewer, name);
        const after = await run(tx, bill, body);
        await tx.query('UPDATE bills SET version = version + 1, updated_at = now() WHERE id = $1', [id]);
        await audit(tx, { userId: request.user!.id, entity: 'bills', entityId: id, action: name, before: { status: bill.status, total: bill.total }, after });
      });
      return findRecord(app.db, r, id, viewer);
    });

  action('regenerate', async (tx, bill) => {
    const model = await feeModelOn(tx, bill.organizationId as number, bill.warehouseId as number, bill.periodTo as string);
    if (!model) throw validationError([{ field: 'organizationId', key: 'finance.validation.noFeeModel' }]);
    await clearBill(tx, bill.id as number);
    await tx.query('UPDATE bills SET fee_model_id = $2, currency = $3 WHERE id = $1', [bill.id, model.id, model.currency]);
    await fillBills(tx, [bill.id as number]);
    const [{ total }] = await tx.query<{ total: string }>('SELECT total::text FROM bills WHERE id = $1', [bill.id]);
    return { status: BillStatus.draft, total };
  });

  action('issue', async (tx, bill) => {
    await tx.query('UPDATE expenses SET status = $2 WHERE bill_id = $1 AND status = $3', [bill.id, ExpenseStatus.billed, ExpenseStatus.open]);
    await tx.query('UPDATE bills SET status = $2, issued_date = current_date WHERE id = $1', [bill.id, BillStatus.issued]);
    return { status: BillStatus.issued };
  });

  action('pay', async (tx, bill, body) => {
    const problems: FieldProblem[] = [];
    if (!isIsoDate(body.paidDate)) problems.push({ field: 'paidDate', key: 'finance.validation.paidDate' });
    const reference = typeof body.paymentRef === 'string' ? body.paymentRef.trim() : '';
    if (!reference || reference.length > 60) problems.push({ field: 'paymentRef', key: 'finance.validation.paymentRef' });
    if (problems.length) throw validationError(problems);
    await tx.query('UPDATE bills SET status = $2, paid_date = $3, payment_ref = $4 WHERE id = $1', [bill.id, BillStatus.paid, body.paidDate, reference]);
    return { status: BillStatus.paid, paidDate: body.paidDate, paymentRef: reference };
  });

  action('cancel', async (tx, bill) => {
    await tx.query('UPDATE expenses SET bill_id = NULL, status = $2 WHERE bill_id = $1 AND status IN ($2, $3)', [bill.id, ExpenseStatus.open, ExpenseStatus.billed]);
    await tx.query('UPDATE bills SET status = $2 WHERE id = $1', [bill.id, BillStatus.cancelled]);
    return { status: BillStatus.cancelled };
  });
}
