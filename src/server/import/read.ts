import ExcelJS from 'exceljs';
import { IMPORT_LIMITS, type ImportColumn, type ImportSheetSpec } from '../../domain/import-def';
import type { RawCell } from '../../domain/import-cells';
import { badRequest } from '../errors';
import { headerMatcher, sheetNames } from './labels';

/** A sheet of the file matched to a resource: where each column sits, and its rows by Excel's numbers. */
export interface ReadSheet {
  spec: ImportSheetSpec;
  /** The worksheet's name as the file has it, for error reports. */
  name: string;
  /** Excel column number of each column present. */
  at: Map<string, number>;
  rows: { row: number; cells: Map<string, RawCell> }[];
  /** Cells holding a formula or an error value: refused, since the value would depend on Excel. */
  formulas: { row: number; column: ImportColumn }[];
}

const ZIP_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');

/**
 * The workbook of an upload, or the clear 40001 of a file that is not one or has more rows than
 * the limit (exceljs stops reading a sheet there). `forImport` leaves the drop-downs unread: exceljs
 * would make an object per cell of a template's validated ranges, which the import never reads;
 * the marked copy keeps them, so the fixed file still offers them.
 */
export async function loadWorkbook(content: Buffer, forImport: boolean): Promise<ExcelJS.Workbook> {
  if (!content.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest('import.notSpreadsheet', {}, 'file');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(
      content as unknown as ArrayBuffer,
      {
        maxRows: IMPORT_LIMITS.rows + 1,
        ...(forImport && { ignoreNodes: ['dataValidations'] }),
      } as never,
    );
  } catch (error) {
    if (/^Max row count/.test((error as Error).message)) throw tooManyRows();
    throw badRequest('import.notSpreadsheet', {}, 'file');
  }
  return book;
}

const tooManyRows = () => badRequest('import.tooManyRows', { limit: IMPORT_LIMITS.rows }, 'file');

type CellObject = {
  formula?: string;
  sharedFormula?: string;
  error?: string;
  richText?: { text: string }[];
  text?: string;
  result?: unknown;
};

/** A cell's value as text, number, yes/no or date; undefined marks a formula or an error value. */
function plain(value: ExcelJS.CellValue): RawCell | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value as RawCell;
  const cell = value as CellObject;
  if (cell.formula !== undefined || cell.sharedFormula !== undefined || cell.error !== undefined) return undefined;
  if (cell.richText) return cell.richText.map((part) => part.text).join('');
  if (cell.text !== undefined) return String(cell.text);
  return null;
}

/**
 * The sheets of the workbook that the import reads, each matched by its name in any language (a
 * renamed first sheet still holds the main resource) and its headers matched to columns. Refuses,
 * whole, a file with more rows than the limit or none at all.
 */
export function readSheets(book: ExcelJS.Workbook, specs: ImportSheetSpec[]): ReadSheet[] {
  const worksheets = book.worksheets.filter((w) => w.state === 'visible');
  const total = worksheets.reduce((n, w) => n + Math.max(0, w.actualRowCount - 1), 0);
  if (total > IMPORT_LIMITS.rows) throw tooManyRows();
  const sheets = specs.flatMap((spec, position): ReadSheet[] => {
    const names = sheetNames(spec);
    const worksheet =
      worksheets.find((w) => names.has(w.name.trim().toLowerCase())) ??
      (position === 0 && !worksheets.some((w) => specs.some((s) => sheetNames(s).has(w.name.trim().toLowerCase())))
        ? worksheets[0]
        : undefined);
    if (!worksheet) return [];
    const sheet: ReadSheet = { spec, name: worksheet.name, at: new Map(), rows: [], formulas: [] };
    const match = headerMatcher(spec);
    worksheet.getRow(1).eachCell((cell, col) => {
      const column = match(String(plain(cell.value) ?? ''));
      if (column && !sheet.at.has(column.name)) sheet.at.set(column.name, col);
    });
    worksheet.eachRow((row) => {
      if (row.number > 1) readRow(sheet, row);
    });
    return [sheet];
  });
  if (!sheets[0]?.rows.length && !sheets[0]?.formulas.length) throw badRequest('import.empty', {}, 'file');
  return sheets;
}

function readRow(sheet: ReadSheet, row: ExcelJS.Row) {
  const cells = new Map<string, RawCell>();
  let filled = false;
  for (const column of sheet.spec.columns) {
    const col = sheet.at.get(column.name);
    if (col === undefined) continue;
    const value = plain(row.getCell(col).value);
    if (value === undefined) sheet.formulas.push({ row: row.number, column });
    else if (value !== null && !(typeof value === 'string' && value.trim() === '')) {
      cells.set(column.name, value);
      filled = true;
    }
  }
  if (filled) sheet.rows.push({ row: row.number, cells });
}
