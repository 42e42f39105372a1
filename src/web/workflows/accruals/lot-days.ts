import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveRefresh } from '../../live/use-live-refresh';
import { http } from '../../providers/http';
import type { StorageDay } from '../finance/bill-lines';
import { ACCRUAL_RESOURCES, placeQuery, type AccrualPlace } from './accruals';

/** One run of GET /finance/accruals/lots: a bill line's explanation, before any bill, in its currency. */
export interface LotDay extends Omit<StorageDay, 'skuTitle'> {
  skuTitle: string | null;
  currency: number;
}

/**
 * A page of the lot-days behind a month's storage so far, of one SKU when `skuId` is given; the
 * last page stays on screen while the next one loads, and it is read again as the stock moves.
 */
export const useLotDays = (place: AccrualPlace, page: { index: number; size: number }, skuId?: number) => {
  const query = { ...placeQuery(place), skuId, pageIndex: page.index, pageSize: page.size };
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['accrual-lots', query],
    placeholderData: keepPreviousData,
    queryFn: () => http.get<{ rows: LotDay[]; total: number }>('/finance/accruals/lots', { query, silent: true }),
  });
  useLiveRefresh(ACCRUAL_RESOURCES, refetch);
  return { rows: data?.rows ?? [], total: data?.total ?? 0, loading: isFetching };
};
