import { ExpenseSource, ExpenseStatus, feeTypeOfSubType, SubFeeType } from '../../../domain/finance/codes';
import { productDecimals } from '../../../domain/money';
import type { ResourceHooks } from '../../engine/hooks';
import { validationError } from '../../errors';

/**
 * A manual expense: staff give quantity, price and reason; the amount and fee type follow. A
 * dispute's credit is written only by accepting the dispute, which links the two.
 */
export const expensesHooks: ResourceHooks = {
  async beforeWrite(input) {
    if (input.subType === SubFeeType.disputeCredit)
      throw validationError([{ field: 'subType', key: 'finance.validation.creditByDispute' }]);
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
