import { ExpenseStatus } from '../../../domain/finance/codes';
import { warehouseDay } from '../../db/local-day';
import type { Effect } from '../../engine/transition';
import { validationError } from '../../errors';
import { clearBill, fillBills } from '../finance/bill-fill';
import { periodModels } from '../finance/bill-generate';
import { refusal } from '../finance/bill-routes';

/**
 * Regenerate: the draft priced again from the fee models as they are now, each day by the model
 * valid that day; edited lines are lost. No model, or models of different currencies: 40001.
 */
export const regenerateBill: Effect = async (tx, { record: bill }) => {
  const model = (
    await periodModels(
      tx,
      [bill.organizationId as number],
      bill.warehouseId as number,
      bill.periodFrom as string,
      bill.periodTo as string,
    )
  ).get(bill.organizationId as number);
  if (!model || model.mixedCurrencies) throw validationError([refusal(model ? 'currencies' : 'noFeeModel')]);
  await clearBill(tx, bill.id as number);
  await tx.query('UPDATE bills SET fee_model_id = $2, currency = $3 WHERE id = $1', [
    bill.id,
    model.modelId,
    model.currency,
  ]);
  await fillBills(tx, [bill.id as number]);
  const [{ total }] = await tx.query<{ total: string }>('SELECT total::text FROM bills WHERE id = $1', [bill.id]);
  // Filling read the model from the row; named again so the move counts the bill changed (its version).
  return { columns: { fee_model_id: model.modelId }, note: { total } };
};

/** Issue freezes the bill (issued on the warehouse's day) and marks its open expenses billed. */
export const issueBill: Effect = async (tx, { record: bill }) => {
  await tx.query('UPDATE expenses SET status = $2 WHERE bill_id = $1 AND status = $3', [
    bill.id,
    ExpenseStatus.billed,
    ExpenseStatus.open,
  ]);
  await tx.query(`UPDATE bills SET issued_date = ${warehouseDay('bills.warehouse_id')} WHERE id = $1`, [bill.id]);
};

/** Pay stores the day and the reference (trimmed by the route). */
export const payBill: Effect = async (_tx, { input: { paymentRef } }) => ({
  columns: { payment_ref: paymentRef },
  note: { paymentRef },
});

/** Cancel gives the bill's expenses back to open, free for a later bill. */
export const cancelBill: Effect = async (tx, { record: bill }) => {
  await tx.query('UPDATE expenses SET bill_id = NULL, status = $2 WHERE bill_id = $1 AND status IN ($2, $3)', [
    bill.id,
    ExpenseStatus.open,
    ExpenseStatus.billed,
  ]);
};
