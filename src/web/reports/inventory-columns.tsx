import type { TFunction } from 'i18next';
import { formatAmount } from '../../domain/format-number';
import type { SheetColumn } from './excel';

export type Group = 'sku' | 'warehouse' | 'organization';

export interface InventoryRow {
  organizationId?: number;
  organizationName?: string;
  warehouseId?: number;
  warehouseName?: string;
  skuId?: number;
  skuTitle?: string;
  productName?: string;
  currency: number;
  onHand: number;
  reserved: number;
  available: number;
  pallets: number;
  value: number | null;
  age0to30: number;
  age31to60: number;
  age61to90: number;
  ageOver90: number;
  movedIn: number;
  movedOut: number;
}

const FIGURES = ['onHand', 'reserved', 'available', 'pallets'] as const;
const AGES = ['age0to30', 'age31to60', 'age61to90', 'ageOver90'] as const;
const MOVES = ['movedIn', 'movedOut'] as const;

/**
 * The columns of the inventory report for a grouping, shared by the table and the Excel file so
 * the file holds what the screen shows: labels as text, quantities and values as number cells.
 */
export const inventoryColumns = (
  t: TFunction,
  group: Group,
): (SheetColumn<InventoryRow> & { key: string; numeric: boolean })[] => {
  const text = (key: string, value: (r: InventoryRow) => string | undefined) => ({
    key,
    header: t(`reports.inventory.${key}`),
    value,
    numeric: false,
  });
  const count = (key: keyof InventoryRow) => ({
    key,
    header: t(`reports.inventory.${key}`),
    value: (r: InventoryRow) => r[key] as number,
    numFmt: '0',
    numeric: true,
  });
  const labels = [
    ...(group !== 'warehouse' ? [text('organization', (r) => r.organizationName)] : []),
    ...(group !== 'organization' ? [text('warehouse', (r) => r.warehouseName)] : []),
    ...(group === 'sku' ? [text('sku', (r) => [r.productName, r.skuTitle].filter(Boolean).join(' / '))] : []),
    text('currency', (r) => t(`enums.currency.${r.currency}`)),
  ];
  return [
    ...labels,
    ...FIGURES.map(count),
    { key: 'value', header: t('reports.inventory.value'), value: (r) => r.value, numFmt: '#,##0.00', numeric: true },
    ...AGES.map(count),
    ...MOVES.map(count),
  ];
};

export const amountOf = (row: InventoryRow, t: TFunction) =>
  formatAmount(row.value, t(`enums.currency.${row.currency}`));
