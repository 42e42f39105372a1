import dayjs from 'dayjs';
import { saveBlob } from '../engine/download';

export interface SheetColumn<R> {
  header: string;
  /** A number stays a number cell (sums and sorting work in Excel); text stays text. */
  value: (row: R) => string | number | null | undefined;
  numFmt?: string;
}

/** Typed cells: decimals the API sends as exact strings become numbers for the spreadsheet. */
const cell = (value: string | number | null | undefined, numeric: boolean) => {
  if (value === null || value === undefined) return null;
  return numeric && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
    ? Number(value)
    : value;
};

/** A report's rows as .xlsx (DESIGN 8: other exports are named `file` with the date); exceljs loads on first use. */
export const exportSheet = async <R>(title: string, columns: SheetColumn<R>[], rows: R[]) => {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title.slice(0, 31));
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: 18,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows)
    sheet.addRow(Object.fromEntries(columns.map((c, i) => [`c${i}`, cell(c.value(row), Boolean(c.numFmt))])));
  const buffer = await book.xlsx.writeBuffer();
  saveBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `file-${dayjs().format('YYYYMMDD')}.xlsx`,
  );
};
