import { ExpenseSource, ExpenseStatus, feeTypeOfSubType } from '../../../domain/finance/codes';
import { productDecimals } from '../../../domain/money';
import type { ResourceHooks } from '../../engine/hooks';

/** A manual expense: staff give quantity, price and reason; the amount and fee type follow. */
export const expensesHooks: ResourceHooks = {
  async beforeWrite(input) {
    return {
      columns: {
        fee_type: feeTypeOfSubType(input.subType as number),
        amount: productDecimals([input.quantity as number, input.unitPrice as number]),
        source: ExpenseSource.manual,
        status: ExpenseStatus.open,
      },
    };
  },
};
