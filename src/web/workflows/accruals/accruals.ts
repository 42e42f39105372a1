import { useCustom } from '@refinedev/core';
import type { ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { AccrualLine } from '../../../domain/finance/accrual-line';
import { formatAmount } from '../../../domain/format-number';
import { sumDecimals } from '../../../domain/money';
import { useLiveRefresh } from '../../live/use-live-refresh';

/** One amount of GET /finance/accruals; the currency is null when nothing is charged. */
export interface Amount {
  total: number;
  currency: number | null;
}

export type { AccrualLine } from '../../../domain/finance/accrual-line';

/** GET /finance/accruals (issue 43): a month's charges so far and forecast to its end. */
export interface Accruals {
  organizationId: number;
  warehouseId: number;
  month: string;
  from: string;
  today: string;
  asOf: string;
  feeModelId: number | null;
  toDate: Amount | Amount[];
  forecast: Amount | Amount[];
  lines: AccrualLine[];
}

/** The organization, warehouse and month a month's charges, and what they are made of, are read for. */
export type AccrualPlace = Pick<Accruals, 'organizationId' | 'warehouseId' | 'month'>;

/** The place alone, as a query: a month's whole answer may be handed as its place, its lines left out of the URL. */
export const placeQuery = ({ organizationId, warehouseId, month }: AccrualPlace) => ({
  organizationId,
  warehouseId,
  month,
});

/** The server answers one amount, or a list of them when the month charges in several currencies. */
export const amountsOf = (amounts: Amount | Amount[]) => (Array.isArray(amounts) ? amounts : [amounts]);

export const currencyLabel = (t: TFunction, currency: number | null) =>
  currency === null ? undefined : t(`enums.currency.${currency}`);

/**
 * A rate or an amount before the bill rounds it: its cents, and the further places (of four) it
 * has, so "1.3333" is not read as 1.33; "1.50" stays "1.50".
 */
export const preciseAmount = (t: TFunction, value: number, currency: number | null) => {
  const text = sumDecimals([value], 4).replace(/(\.\d\d\d*?)0+$/, '$1');
  const label = currencyLabel(t, currency);
  return label ? `${text} ${label}` : text;
};

/** A table's column of a rate or an amount of its row, before the bill rounds it (preciseAmount). */
export const preciseAmountColumn = <R extends { currency: number | null }>(
  t: TFunction,
  field: keyof R & string,
  title: string,
): ColumnType<R> => ({
  key: field,
  title,
  align: 'right',
  render: (_, row) => preciseAmount(t, row[field] as number, row.currency),
});

/** Each currency's amount with its label, side by side. */
export const amountsText = (t: TFunction, amounts: Amount | Amount[]) =>
  amountsOf(amounts)
    .map((a) => formatAmount(a.total, currencyLabel(t, a.currency)))
    .join(' · ');

/**
 * What a month's charges move with: stock in and out (and the lots they move), deliveries,
 * expenses written by hand, fee models, and bills (a bill made out takes its days out of the month).
 */
export const ACCRUAL_RESOURCES = ['inbounds', 'outbounds', 'lots', 'deliveries', 'expenses', 'feeModels', 'bills'];

/**
 * One organization's charges in one warehouse for a month (the current one when absent), read
 * again as soon as what they are made of changes: the figures move while the user looks at them.
 */
export const useAccruals = (organizationId?: number, warehouseId?: number, month?: string) => {
  const enabled = organizationId !== undefined && warehouseId !== undefined;
  const { query } = useCustom<Accruals>({
    url: '/finance/accruals',
    method: 'get',
    config: { query: { organizationId, warehouseId, month } },
    queryOptions: { enabled },
    meta: { silent: true },
  });
  useLiveRefresh(ACCRUAL_RESOURCES, () => enabled && query.refetch());
  // The query's own answer: Refine's `result` stands an empty object in for one not come yet.
  return { accruals: enabled ? query.data?.data : undefined, loading: enabled && query.isLoading };
};

/** The days charged so far: from the first one no bill covers to today; none when a bill covers them all. */
export const daysSoFar = (accruals: Accruals) =>
  accruals.from <= accruals.today ? `${accruals.from} – ${accruals.today}` : '–';

/** The month's days a bill made out mid-month already charges, so none of the month's accruals; none when no bill does. */
export const billedDays = (accruals: Accruals) => {
  const first = dayjs(`${accruals.month}-01`);
  const before = dayjs(accruals.from).subtract(1, 'day');
  if (before.isBefore(first)) return undefined;
  const last = before.isAfter(first.endOf('month')) ? first.endOf('month') : before;
  return `${first.format('YYYY-MM-DD')} – ${last.format('YYYY-MM-DD')}`;
};
