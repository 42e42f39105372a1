import type { TFunction } from 'i18next';
import { formatLocalDateTime } from '../../../domain/format-date';
import { sheetFileName, type SheetCell } from '../../engine/excel-sheet';
import { moneyFormat, saveSheet } from '../../engine/export-excel';
import { filterLine } from '../../reports/excel';
import { amountsOf, billedDays, currencyLabel, daysSoFar, type Accruals } from './accruals';
import { feeTypeLabel, subTypeLabel } from './line-labels';

/** An amount stays a number in Excel, its currency in the cell's format. */
const money = (t: TFunction, value: number, currency: number | null): SheetCell => ({
  value,
  numFmt: moneyFormat(currencyLabel(t, currency)),
});

/**
 * A month's charges as .xlsx named by the page and its month (`Month to date 2026-05.xlsx`):
 * a title block with the organization, warehouse, month, fee model and when they were computed,
 * a row per fee, and the totals to date and forecast of each currency.
 */
export const exportAccruals = async (t: TFunction, accruals: Accruals, feeModel: string) => {
  const parties = await Promise.all([
    filterLine(t, t('bills.fields.organizationId'), 'organizations', String(accruals.organizationId)),
    filterLine(t, t('bills.fields.warehouseId'), 'warehouses', String(accruals.warehouseId)),
  ]);
  const forecasts = amountsOf(accruals.forecast);
  const title = `${t('accruals.title')} ${accruals.month}`;
  const billed = billedDays(accruals);
  return saveSheet(
    {
      title,
      info: [
        ...parties.filter((line) => line !== undefined),
        [t('accruals.month'), accruals.month],
        [t('accruals.days'), daysSoFar(accruals)],
        ...(billed ? [[t('accruals.billed'), billed] as [string, string]] : []),
        [t('bills.fields.feeModelId'), feeModel],
        [t('accruals.computedAt'), formatLocalDateTime(accruals.asOf)],
      ],
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
    sheetFileName(title),
  );
};
