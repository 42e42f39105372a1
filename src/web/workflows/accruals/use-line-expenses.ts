import { ExpenseStatus, FeeType } from '../../../domain/finance/codes';
import { useListLink } from '../../reports/list-link';
import type { AccrualLine, AccrualPlace } from './accruals';

/**
 * Where a charge other than storage comes from: the expenses list filtered to the open expenses of
 * the line's organization, warehouse, sub type and currency, each opening the inbound, outbound or
 * delivery it charged. None for storage (its lot-days explain it), for the minimum charge (no
 * expense makes it) and for a user who may not open the expenses list.
 */
export const useLineExpenses = (place: AccrualPlace | undefined) => {
  const { linkTo } = useListLink();
  return (line: AccrualLine) =>
    !place || line.feeType === FeeType.storage || line.subType === null
      ? undefined
      : linkTo('expenses', {
          organizationId: place.organizationId,
          warehouseId: place.warehouseId,
          subType: line.subType,
          currency: line.currency,
          status: ExpenseStatus.open,
        });
};
