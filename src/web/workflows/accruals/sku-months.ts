import { useQuery } from '@tanstack/react-query';
import { useLiveRefresh } from '../../live/use-live-refresh';
import { http } from '../../providers/http';
import { ACCRUAL_RESOURCES, placeQuery, type AccrualPlace } from './accruals';

/** One SKU's storage of the month (GET /finance/accruals/skus), like Amazon FBA's storage fee report. */
export interface SkuMonth {
  skuId: number;
  skuTitle: string | null;
  currency: number;
  palletDays: number;
  averagePallets: number;
  /** What a pallet-day cost on average so far; null with no pallet-days. */
  unitPrice: number | null;
  /** Unrounded, as each SKU's share of the storage line. */
  toDate: number;
  forecast: number;
}

/** Every SKU's storage of the month; a few hundred at most, so read whole. */
export const readSkuMonths = (place: AccrualPlace) =>
  http.get<{ rows: SkuMonth[]; total: number }>('/finance/accruals/skus', { query: placeQuery(place), silent: true });

/** The same on screen, read again as the stock moves. */
export const useSkuMonths = (place: AccrualPlace) => {
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['accrual-skus', placeQuery(place)],
    queryFn: () => readSkuMonths(place),
  });
  useLiveRefresh(ACCRUAL_RESOURCES, refetch);
  return { rows: data?.rows ?? [], loading: isFetching };
};

/** A SKU by its title, by its number when it has none. */
export const skuLabel = (sku: Pick<SkuMonth, 'skuId' | 'skuTitle'>) => sku.skuTitle ?? `#${sku.skuId}`;
