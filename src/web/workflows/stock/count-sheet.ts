import type { CrudFilters, CrudSort } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import type { ServedSum } from '../../engine/footer';
import type { RefLabels } from '../../engine/useRefLabels';

export interface Lot {
  id: number;
  skuId: number;
  inboundId: number;
  inboundDate: string;
  daysInWarehouse: number;
  pieces: number;
  pallets: number;
}

export interface CountSheetFilter {
  warehouseId: number;
  organizationId?: number;
}

export const lotsDef = resourceByName('lots')!;

/** The columns of the sheet's Excel file, as the lots list names them. */
export const EXCEL_COLUMNS = [
  'skuId',
  'organizationId',
  'inboundId',
  'inboundDate',
  'daysInWarehouse',
  'pallets',
  'pieces',
];

const filters = (f: CountSheetFilter): CrudFilters => [
  { field: 'warehouseId', operator: 'eq', value: f.warehouseId },
  { field: 'organizationId', operator: 'eq', value: f.organizationId },
  { field: 'pieces', operator: 'gte', value: 1 },
];

const sorters: CrudSort[] = [
  { field: 'skuId', order: 'asc' },
  { field: 'inboundDate', order: 'asc' },
  { field: 'id', order: 'asc' },
];

/** Every lot of the warehouse (and customer) still holding stock, by SKU and then oldest first. */
export const countSheetList = (f: CountSheetFilter) => ({ filters: filters(f), sorters });

/** The same, as the lots list's query parameters. */
export const countSheetQuery = (f: CountSheetFilter) => ({
  warehouseId: f.warehouseId,
  organizationId: f.organizationId,
  pieces_gte: 1,
  sort: 'skuId,inboundDate,id',
});

export const sumOf = (sums: ServedSum[] | undefined, field: string) => sums?.find((s) => s.field === field)?.total ?? 0;

/** A lot's SKU and inbound by name, from the names its list answer brought. */
export const lotNames = (refs: RefLabels, lot: Lot) => ({
  sku: refs.skuId?.get(String(lot.skuId)) ?? `#${lot.skuId}`,
  inbound: refs.inboundId?.get(String(lot.inboundId)) ?? `#${lot.inboundId}`,
});

/** Counted pieces by lot id, each with the books' pieces it is compared with. */
export type Counts = Record<number, { value: number; books: number }>;

/** What was counted against the books, over the lots counted so far on any page. */
export const countedTotals = (counts: Counts) =>
  Object.values(counts).reduce(
    (sum, c) => ({ counted: sum.counted + c.value, difference: sum.difference + c.value - c.books }),
    { counted: 0, difference: 0 },
  );
