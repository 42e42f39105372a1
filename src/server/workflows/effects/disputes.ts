import { ExpenseSource, ExpenseStatus, FeeType, FeeUnit, SubFeeType } from '../../../domain/finance/codes';
import { warehouseDay } from '../../db/local-day';
import type { Effect } from '../../engine/transition';
import { validationError } from '../../errors';

/**
 * Accept: a credit of the amount (the whole line when none is given) as the customer's open
 * expense, dated the warehouse's today, so the next bill takes it as a line whatever its period
 * (bill-fill.ts OPEN_EXPENSE_OF): one of it at a negative price, so its line reads as any other.
 * The dispute moves only from open, under the transition's row lock, so its line is credited once.
 */
export const acceptDispute: Effect = async (tx, { record: dispute, input }) => {
  const lineAmount = Number(dispute.lineAmount);
  const amount = input.amount === undefined ? lineAmount : Number(input.amount);
  if (amount > lineAmount)
    throw validationError([
      { field: 'amount', key: 'finance.validation.creditOverLine', params: { amount: lineAmount } },
    ]);
  const [credit] = await tx.query<{ id: number }>(
    `INSERT INTO expenses (organization_id, warehouse_id, fee_type, sub_type, unit, quantity, unit_price, amount, currency, expense_date, source, status, document_no, reason)
     SELECT d.organization_id, d.warehouse_id, $2, $3, $7, 1, -$4::numeric, -$4::numeric, d.currency, ${warehouseDay('d.warehouse_id')}, $5, $6, b.bill_no,
            left(concat_ws(': ', b.bill_no, nullif(l.description, '')), 500)
       FROM disputes d JOIN bills b ON b.id = d.bill_id LEFT JOIN bill_lines l ON l.id = d.bill_line_id
      WHERE d.id = $1
     RETURNING id`,
    [
      dispute.id,
      FeeType.total,
      SubFeeType.disputeCredit,
      amount,
      ExpenseSource.dispute,
      ExpenseStatus.open,
      FeeUnit.order,
    ],
  );
  return {
    columns: { credit_amount: amount, credit_expense_id: credit.id },
    note: { amount, expenseId: credit.id },
  };
};

/** Reject keeps staff's reason (trimmed by the route) as the dispute's answer, for the customer to read. */
export const rejectDispute: Effect = async (_tx, { input: { reason } }) => ({
  columns: { answer: reason },
  note: { reason },
});
