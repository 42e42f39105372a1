import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveRefresh } from '../../live/use-live-refresh';
import { http } from '../../providers/http';
import { ACCRUAL_RESOURCES } from './accruals';

/** One organization's month in one warehouse and currency, as the server keeps it. */
export interface KeptMonth {
  organizationId: number;
  organizationName: string;
  warehouseId: number;
  warehouseName: string;
  currency: number;
  toDate: number;
  forecast: number;
  feeModelId: number | null;
  from: string;
  today: string;
  computedAt: string;
}

/** The orders GET /finance/accruals/customers sorts by; the largest forecast first unless told. */
export type ReviewSort = '-forecast' | 'forecast' | '-toDate' | 'toDate' | 'organization';

interface Review {
  month: string;
  rows: KeptMonth[];
  total: number;
  /** Organizations waiting to be priced again since their stock, expenses, bills or prices changed. */
  pending: number;
}

/** How often the list is read again while organizations wait to be priced: the keeper takes seconds. */
const PENDING_POLL_MS = 2_000;

/**
 * Every organization's month so far and forecast for the month-end review, from the totals the
 * server keeps. Reading it wakes the keeper, so while some wait to be priced it is read again
 * until none do; it is read again too when what the totals are made of changes.
 */
export const useAccrualReview = (query: { month?: string; warehouseId?: number; sort?: ReviewSort }) => {
  const { data, isLoading, isPlaceholderData, refetch } = useQuery({
    queryKey: ['accrual-review', query],
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Review>('/finance/accruals/customers', { query, silent: true }),
    refetchInterval: (current) => (current.state.data?.pending ? PENDING_POLL_MS : false),
  });
  useLiveRefresh(ACCRUAL_RESOURCES, refetch);
  // Busy while a month or warehouse chosen loads, not at each read while the keeper works.
  return { review: data, loading: isLoading || isPlaceholderData };
};
