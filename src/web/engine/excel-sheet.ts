import type { Workbook } from 'exceljs';

export type Cell = string | number | Date | null;
/** A cell with a number format of its own: an amount in its row's currency. */
export type SheetCell = Cell | { value: Cell; numFmt: string };

export interface SheetSpec {
  /** The worksheet's name and, with `info`, the first line of the title block. */
  title: string;
  /**
   * The title block's lines under the title, label and value (customer, period): a file that is one
   * record or one report says what it is. A list's export has none, its header on the first row.
   */
  info?: [label: string, value: string][];
  columns: { header: string; numFmt?: string }[];
  rows: SheetCell[][];
  /** Bold rows after the data: the totals, one per currency where amounts are. */
  totals?: SheetCell[][];
}

const valueOf = (cell: SheetCell): Cell =>
  cell !== null && typeof cell === 'object' && 'numFmt' in cell ? cell.value : cell;

/** Display width of text: CJK characters take two columns. */
const textWidth = (text: string) => [...text].reduce((w, c) => w + (/[\u1100-\uFFEE]/.test(c) ? 2 : 1), 0);

const shown = (cell: Cell) =>
  cell instanceof Date ? '0000-00-00 00:00' : typeof cell === 'number' ? cell.toFixed(2) : (cell ?? '');

/** Excel forbids these in a worksheet's name and stops it at 31 characters. */
const sheetName = (title: string) => title.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * One sheet as the app's exports write it: the title block when there is one, the header row
 * frozen and filtered over the data, typed cells, bold totals, columns as wide as their content.
 */
export const fillSheet = (book: Workbook, spec: SheetSpec) => {
  const headerRow = spec.info ? spec.info.length + 3 : 1;
  const sheet = book.addWorksheet(sheetName(spec.title), { views: [{ state: 'frozen', ySplit: headerRow }] });
  if (spec.info) {
    sheet.getCell(1, 1).value = spec.title;
    sheet.getCell(1, 1).font = { bold: true, size: 14 };
    spec.info.forEach(([label, value], i) => {
      sheet.getCell(i + 2, 1).value = label;
      sheet.getCell(i + 2, 1).font = { bold: true };
      sheet.getCell(i + 2, 2).value = value;
    });
  }
  const widths = spec.columns.map((c) => textWidth(c.header));
  const header = sheet.getRow(headerRow);
  header.values = spec.columns.map((c) => c.header);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F0F0' } };
  });
  const write = (cells: SheetCell[], at: number) => {
    const row = sheet.getRow(at);
    cells.forEach((cell, i) => {
      const target = row.getCell(i + 1);
      target.value = valueOf(cell);
      const numFmt =
        cell !== null && typeof cell === 'object' && 'numFmt' in cell ? cell.numFmt : spec.columns[i]?.numFmt;
      if (numFmt) target.numFmt = numFmt;
      widths[i] = Math.max(widths[i] ?? 0, textWidth(String(shown(valueOf(cell)))));
    });
    return row;
  };
  spec.rows.forEach((cells, i) => write(cells, headerRow + 1 + i));
  (spec.totals ?? []).forEach((cells, i) => {
    write(cells, headerRow + 1 + spec.rows.length + i).font = { bold: true };
  });
  widths.forEach((w, i) => (sheet.getColumn(i + 1).width = Math.min(60, Math.max(8, w + 2))));
  if (spec.columns.length)
    sheet.autoFilter = {
      from: { row: headerRow, column: 1 },
      to: { row: headerRow + spec.rows.length, column: spec.columns.length },
    };
  return sheet;
};

/**
 * A file's name from what it holds: a record's number (`BL20261126-0003.xlsx`), or a report's
 * title and period (`Shipment report 20261001-20261031.xlsx`); characters no file system takes
 * become dashes.
 */
export const sheetFileName = (name: string, period?: { from?: string; to?: string }) => {
  const days = period && [period.from, period.to].filter(Boolean).map((d) => d!.replace(/-/g, ''));
  const stem = days?.length ? `${name} ${days.join('-')}` : name;
  return `${stem.replace(/[\\/:*?"<>|]+/g, '-').trim()}.xlsx`;
};
