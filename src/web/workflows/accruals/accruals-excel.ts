import type { TFunction } from 'i18next';
import { formatLocalDateTime } from '../../../domain/format-date';
import { sheetFileName, type SheetCell } from '../../engine/excel-sheet';
import { moneyFormat, saveSheet } from '../../engine/export-excel';
import { filterLine } from '../../reports/excel';
import { amountsOf, billedDays, currencyLabel, daysSoFar, type Accruals } from './accruals';
import { feeTypeLabel, subTypeLabel } from './line-labels';
import { readSkuMonths, skuLabel } from './sku-months';

/** An amount stays a number in Excel, its currency in the cell's format. */
const money = (t: TFunction, value: number, currency: number | null): SheetCell => ({
  value,
  numFmt: moneyFormat(currencyLabel(t, currency)),
});

/** A rate keeps the further places of four it has (1.3333), after its cents. */
const rate = (t: TFunction, value: number, currency: number): SheetCell => {
  const label = currencyLabel(t, currency);
  return { value, numFmt: `#,##0.00##${label ? ` "${label}"` : ''}` };
};

/**
 * A month's charges as .xlsx named by the page and its month (`Month to date 2026-05.xlsx`): on
 * its first sheet a title block with the organization, warehouse, month, fee model and when they
 * were computed, a row per fee, and the totals to date and forecast of each currency; on a second
 * under the same title block, the storage per SKU (read at the time of export, as the page's view).
 */
export const exportAccruals = async (t: TFunction, accruals: Accruals, feeModel: string) => {
  const [skus, ...parties] = await Promise.all([
    readSkuMonths(accruals),
    filterLine(t, t('bills.fields.organizationId'), 'organizations', String(accruals.organizationId)),
    filterLine(t, t('bills.fields.warehouseId'), 'warehouses', String(accruals.warehouseId)),
  ]);
  const forecasts = amountsOf(accruals.forecast);
  const title = `${t('accruals.title')} ${accruals.month}`;
  const billed = billedDays(accruals);
  const info: [string, string][] = [
    ...parties.filter((line) => line !== undefined),
    [t('accruals.month'), accruals.month],
    [t('accruals.days'), daysSoFar(accruals)],
    ...(billed ? [[t('accruals.billed'), billed] as [string, string]] : []),
    [t('bills.fields.feeModelId'), feeModel],
    [t('accruals.computedAt'), formatLocalDateTime(accruals.asOf)],
  ];
  return saveSheet(
    [
      {
        title,
        info,
        columns: [
          { header: t('billLines.fields.feeType') },
          { header: t('billLines.fields.subType') },
          { header: t('accruals.toDate') },
          { header: t('accruals.forecast') },
        ],
        rows: accruals.lines.map((line) => [
          feeTypeLabel(t, line),
          subTypeLabel(t, line) || null,
          money(t, line.toDate, line.currency),
          money(t, line.forecast, line.currency),
        ]),
        totals: amountsOf(accruals.toDate).map((toDate) => [
          t('accruals.total'),
          null,
          money(t, toDate.total, toDate.currency),
          money(t, forecasts.find((f) => f.currency === toDate.currency)?.total ?? 0, toDate.currency),
        ]),
      },
      {
        title: `${t('accruals.bySku')} ${accruals.month}`,
        info,
        columns: [
          { header: t('billLines.fields.skuTitle') },
          { header: t('accruals.palletDays'), numFmt: '#,##0' },
          { header: t('accruals.averagePallets'), numFmt: '#,##0.00' },
          { header: t('accruals.averageRate') },
          { header: t('accruals.toDate') },
          { header: t('accruals.forecast') },
        ],
        rows: skus.rows.map((sku) => [
          skuLabel(sku),
          sku.palletDays,
          sku.averagePallets,
          sku.unitPrice === null ? null : rate(t, sku.unitPrice, sku.currency),
          money(t, sku.toDate, sku.currency),
          money(t, sku.forecast, sku.currency),
        ]),
      },
    ],
    sheetFileName(title),
  );
};
