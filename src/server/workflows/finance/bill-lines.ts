import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index';
import { buttonPermission, changedFixedFields } from '../../../domain/resource';
import type { Queryable } from '../../db/types';
import { recordId, requestViewer } from '../../engine/request';
import { findRecord, type Rec } from '../../engine/records';
import { conflict, notFound, validationError } from '../../errors';
import { audit } from '../documents';
import { updateTotals } from './bill-fill';
import { canBill } from '../../../domain/finance/bill-flow';
import { wrongState } from '../../engine/transition';
import { idParams, int, recordOf, routeSchemas, type Json } from '../../contract/route-schemas';

/**
 * A draft's edit as the client sends it: the bill's editable fields, and its lines with their
 * editable fields and the id of a kept line, each line with the line schema's own rules.
 */
const editBody = (): Json => {
  const line = resourceByName('billLines')!.schema;
  const editable = Object.fromEntries(Object.entries(line.properties).filter(([, s]) => !s.readOnly));
  const header = resourceByName('bills')!.schema.properties;
  return {
    type: 'object',
    additionalProperties: false,
    required: ['version'],
    properties: {
      ...Object.fromEntries(Object.entries(header).filter(([, s]) => !s.readOnly)),
      remarks: { ...header.remarks, description: 'Left out, the stored remarks stay.' },
      version: int('The version the change starts from; a newer stored one answers 40901.'),
      lines: {
        type: 'array',
        maxItems: 5000,
        description: 'Every line the bill keeps; left out, the lines stay as they are.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: line.required,
          properties: { id: int('A line of this draft, kept; left out, a new line.'), ...editable },
        },
      },
    },
  };
};

/**
 * `PUT /finance/bills/{id}`: a draft's lines edited, added or removed. Its lines are read by the
 * engine's relation (`GET /finance/bills/{id}/lines`, bills.ts), each storage line explaining itself.
 */
export function billLineRoutes(app: FastifyInstance) {
  const bills = resourceByName('bills')!;

  const edit = routeSchemas({
    summary: 'Edit a draft bill and its lines',
    description:
      'Only a draft (another state answers 40901), from the version the client read. Customer, warehouse and period are fixed: ' +
      "a different value answers 40001. Sent lines replace the draft's: kept by id (marked edited when changed), new ones added, " +
      'the rest removed (a removed expense line frees its expense). The totals are summed again.',
    params: idParams,
    body: editBody(),
    answer: recordOf('bills'),
    checkedBy: 'schema',
  });

  app.put<{ Params: { id: string } }>(
    `${bills.api}/:id`,
    { config: { permission: buttonPermission(bills, 'edit') }, ...edit },
    async (request) => {
      const id = recordId(request.params.id);
      const viewer = await requestViewer(app, request);
      const body = request.body as Rec;
      await app.db.transaction(async (tx) => {
        const bill = await findRecord(tx, bills, id, viewer, true);
        if (!bill) throw notFound();
        if (!canBill('edit', bill.status as number)) throw wrongState(request.t, bills, bill, 'edit');
        if (bill.version !== body.version) throw conflict('errors.staleVersion');
        // What a bill covers is fixed when it is generated; another customer or period is another bill.
        const fixed = changedFixedFields(resourceByName('bills')!, body, bill);
        if (fixed.length)
          throw validationError(fixed.map((field) => ({ field, key: 'finance.validation.fixedOnDraft' })));
        if (body.lines) await replaceLines(tx, id, body.lines as Rec[]);
        await updateTotals(tx, [id]);
        await tx.query(
          'UPDATE bills SET remarks = coalesce($2, remarks), language = coalesce($3, language), version = version + 1, updated_at = now() WHERE id = $1',
          [id, body.remarks ?? null, body.language ?? null],
        );
        const [{ total }] = await tx.query<{ total: string }>('SELECT total::text FROM bills WHERE id = $1', [id]);
        await audit(tx, {
          userId: request.user!.id,
          entity: 'bills',
          entityId: id,
          action: 'edit',
          before: { total: bill.total },
          after: { total, lines: (body.lines as Rec[] | undefined)?.length },
        });
      });
      return findRecord(app.db, bills, id, viewer);
    },
  );
}

/** The lines sent replace the draft's: kept by id (marked edited when changed), new ones added, the rest removed. */
async function replaceLines(tx: Queryable, id: number, lines: Rec[]) {
  const existing = new Set(
    (await tx.query<{ id: number }>('SELECT id FROM bill_lines WHERE bill_id = $1', [id])).map((l) => l.id),
  );
  const foreign = lines.findIndex((l) => l.id !== undefined && !existing.has(l.id as number));
  if (foreign >= 0) throw validationError([{ field: `lines.${foreign}.id`, key: 'finance.validation.lineId' }]);
  const kept = lines.filter((l) => l.id !== undefined).map((l) => l.id as number);
  // A removed expense line frees its expense for a later bill; a removed storage line takes its explanation along.
  await tx.query(
    'UPDATE expenses SET bill_id = NULL WHERE bill_id = $1 AND status = 0 AND id IN (SELECT expense_id FROM bill_lines WHERE bill_id = $1 AND NOT (id = ANY($2::int[])))',
    [id, kept],
  );
  await tx.query('DELETE FROM bill_storage_days WHERE bill_id = $1 AND NOT (bill_line_id = ANY($2::int[]))', [
    id,
    kept,
  ]);
  await tx.query('DELETE FROM bill_lines WHERE bill_id = $1 AND NOT (id = ANY($2::int[]))', [id, kept]);
  // The sent lines go in as one JSON document, so an edit of thousands of lines is two statements
  // like an edit of one. A line sent twice keeps its last values, as writing the lines in turn did.
  const sent = JSON.stringify(
    lines.map((line, n) => ({
      n,
      id: line.id ?? null,
      fee_type: line.feeType,
      sub_type: line.subType ?? null,
      unit: line.unit ?? null,
      description: line.description || null,
      quantity: line.quantity ?? null,
      unit_price: line.unitPrice ?? null,
      amount: line.amount,
    })),
  );
  const rows = `jsonb_to_recordset($2::jsonb) AS l(n int, id int, fee_type int, sub_type int, unit int, description text,
    quantity numeric, unit_price numeric, amount numeric)`;
  await tx.query(
    `UPDATE bill_lines b SET fee_type = l.fee_type, sub_type = l.sub_type, unit = l.unit, description = l.description,
            quantity = l.quantity, unit_price = l.unit_price, amount = l.amount,
            edited = b.edited OR b.fee_type IS DISTINCT FROM l.fee_type OR b.description IS DISTINCT FROM l.description
              OR b.quantity IS DISTINCT FROM l.quantity OR b.unit_price IS DISTINCT FROM l.unit_price OR b.amount IS DISTINCT FROM l.amount
       FROM (SELECT DISTINCT ON (id) * FROM ${rows} WHERE l.id IS NOT NULL ORDER BY id, n DESC) l
      WHERE b.bill_id = $1 AND b.id = l.id`,
    [id, sent],
  );
  // New lines take their ids in the order they were sent, which is how lines of a kind read back.
  await tx.query(
    `INSERT INTO bill_lines (bill_id, fee_type, sub_type, unit, description, quantity, unit_price, amount, edited)
     SELECT $1::int, l.fee_type, l.sub_type, l.unit, l.description, l.quantity, l.unit_price, l.amount, true
       FROM ${rows} WHERE l.id IS NULL ORDER BY l.n`,
    [id, sent],
  );
}
