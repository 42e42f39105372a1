import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveRefresh } from '../../live/use-live-refresh';
import { http } from '../../providers/http';
import { ACCRUAL_RESOURCES, placeQuery, type AccrualPlace } from './accruals';

/** One row of GET /finance/accruals/expenses: an open expense the month's bill would take. */
export interface LineExpense {
  id: number;
  expenseDate: string;
  feeType: number;
  subType: number | null;
  documentNo: string | null;
  inboundId: number | null;
  outboundId: number | null;
  deliveryId: number | null;
  quantity: number;
  unit: number | null;
  unitPrice: number;
  amount: number;
  currency: number;
  /** Dated today or before: part of the amount so far, not only of the forecast. */
  toDate: boolean;
}

/** A page of the open expenses of one kind (sub type) behind a month's charge, read again as they change. */
export const useLineExpenses = (place: AccrualPlace, subType: number, page: { index: number; size: number }) => {
  const query = { ...placeQuery(place), subType, pageIndex: page.index, pageSize: page.size };
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['accrual-expenses', query],
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<{ rows: LineExpense[]; total: number }>('/finance/accruals/expenses', { query, silent: true }),
  });
  useLiveRefresh(ACCRUAL_RESOURCES, refetch);
  return { rows: data?.rows ?? [], total: data?.total ?? 0, loading: isFetching };
};
