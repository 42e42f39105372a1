import type { BaseRecord } from '@refinedev/core';
import type { TFunction } from 'i18next';
import { sheetFileName } from '../../engine/excel-sheet';
import { moneyFormat, saveSheet } from '../../engine/export-excel';
import { filterLine } from '../../reports/excel';
import { lineText, type BillLine } from './bill-lines';

/**
 * A bill's lines as .xlsx named by its number (`BL20261126-0003.xlsx`): a title block with the
 * customer, warehouse and period, each storage line followed by the lot runs that explain it, and
 * the bill's total under the amounts.
 */
export const exportBillLines = async (t: TFunction, bill: BaseRecord, lines: BillLine[]) => {
  const money = moneyFormat(t(`enums.currency.${String(bill.currency)}`));
  const parties = await Promise.all([
    filterLine(t, t('bills.fields.organizationId'), 'organizations', String(bill.organizationId)),
    filterLine(t, t('bills.fields.warehouseId'), 'warehouses', String(bill.warehouseId)),
  ]);
  const rows = lines.flatMap((line) => [
    [
      lineText(t, line),
      t(`enums.feeType.${line.feeType}`),
      null,
      line.quantity ?? null,
      line.unitPrice ?? null,
      Number(line.amount),
    ],
    ...(line.explanation ?? []).map((d) => [
      `  ${t('billLines.fields.lotId')} ${d.lotId} ${d.skuTitle ?? ''} (${d.inboundDate}) ${d.dateFrom} – ${d.dateTo}`,
      null,
      `${d.pallets} × ${d.days}`,
      d.pallets * d.days,
      d.unitPrice,
      d.amount,
    ]),
  ]);
  return saveSheet(
    {
      title: `${t('bills.titles.show')} ${String(bill.billNo)}`,
      info: [
        ...parties.filter((line) => line !== undefined),
        [t('finance.print.period'), `${String(bill.periodFrom)} – ${String(bill.periodTo)}`],
      ],
      columns: [
        { header: t('billLines.fields.description') },
        { header: t('billLines.fields.feeType') },
        { header: `${t('billLines.fields.pallets')} × ${t('billLines.fields.days')}` },
        { header: t('billLines.fields.quantity'), numFmt: '#,##0.####' },
        { header: t('billLines.fields.unitPrice'), numFmt: '#,##0.00##' },
        { header: t('billLines.fields.amount'), numFmt: money },
      ],
      rows,
      totals: [[t('bills.fields.total'), null, null, null, null, Number(bill.total)]],
    },
    sheetFileName(String(bill.billNo)),
  );
};
