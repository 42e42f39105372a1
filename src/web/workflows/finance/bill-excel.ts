import type { TFunction } from 'i18next';
import { exportSheet } from '../../reports/excel';
import { lineText, type BillLine } from './bill-lines';

/** A bill's lines as .xlsx, each storage line followed by the lot runs that explain it. */
export const exportBillLines = (t: TFunction, billNo: string, lines: BillLine[]) => {
  const rows = lines.flatMap((line) => [
    {
      text: lineText(t, line),
      fee: t(`enums.feeType.${line.feeType}`),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: line.amount,
      lot: '',
    },
    ...(line.explanation ?? []).map((d) => ({
      text: `  ${t('finance.explain.lot')} ${d.lotId} ${d.skuTitle ?? ''} (${d.inboundDate}) ${d.dateFrom} – ${d.dateTo}`,
      fee: '',
      quantity: d.pallets * d.days,
      unitPrice: d.unitPrice,
      amount: d.amount,
      lot: `${d.pallets} × ${d.days}`,
    })),
  ]);
  return exportSheet(
    billNo,
    [
      { header: t('billLines.fields.description'), value: (r) => r.text },
      { header: t('billLines.fields.feeType'), value: (r) => r.fee },
      { header: `${t('finance.explain.pallets')} × ${t('finance.explain.days')}`, value: (r) => r.lot },
      { header: t('billLines.fields.quantity'), value: (r) => r.quantity, numFmt: '#,##0.####' },
      { header: t('billLines.fields.unitPrice'), value: (r) => r.unitPrice, numFmt: '#,##0.00##' },
      { header: t('billLines.fields.amount'), value: (r) => r.amount, numFmt: '#,##0.00' },
    ],
    rows,
  );
};
