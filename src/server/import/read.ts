import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_LIMITS, type ImportColumn, type ImportSheetSpec } from '../../domain/import-def';
import type { RawCell } from '../../domain/import-cells';
import { AppError, badRequest } from '../errors';
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

/** The whole workbook, to send back marked; or the clear 40001 of a file that is not one. */
export async function loadWorkbook(content: Buffer): Promise<ExcelJS.Workbook> {
  if (!content.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest('import.notSpreadsheet', {}, 'file');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badRequest('import.notSpreadsheet', {}, 'file');
  }
  return book;
}

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

type StreamedSheet = AsyncIterable<ExcelJS.Row> & { name: string; state?: string };

/**
 * The sheets of the file that the import reads, streamed row by row (the whole workbook is never
 * held: a template's drop-downs alone would be a validation object per cell), each matched by its
 * name in any language and its headers matched to columns. Refuses, whole, a file that is not a
 * workbook, has more rows than the limit (as soon as it passes it) or no rows at all.
 */
export async function readSheets(content: Buffer, specs: ImportSheetSpec[]): Promise<ReadSheet[]> {
  if (!content.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest('import.notSpreadsheet', {}, 'file');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(content), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheets: ReadSheet[] = [];
  let total = 0;
  let firstVisible = true;
  try {
    for await (const worksheet of reader as unknown as AsyncIterable<StreamedSheet>) {
      if (worksheet.state && worksheet.state !== 'visible') continue;
      const name = worksheet.name.trim().toLowerCase();
      // A file whose first sheet was renamed still reads it as the main resource's.
      const spec =
        specs.find((s) => sheetNames(s).has(name)) ?? (firstVisible && !sheets.length ? specs[0] : undefined);
      firstVisible = false;
      if (!spec || sheets.some((s) => s.spec === spec)) {
        for await (const _ of worksheet) total++;
        continue;
      }
      const sheet: ReadSheet = { spec, name: worksheet.name, at: new Map(), rows: [], formulas: [] };
      const match = headerMatcher(spec);
      for await (const row of worksheet) {
        if (row.number === 1) {
          row.eachCell((cell, col) => {
            const column = match(String(plain(cell.value) ?? ''));
            if (column && !sheet.at.has(column.name)) sheet.at.set(column.name, col);
          });
          continue;
        }
        if (++total > IMPORT_LIMITS.rows) throw badRequest('import.tooManyRows', { limit: IMPORT_LIMITS.rows }, 'file');
        readRow(sheet, row);
      }
      sheets.push(sheet);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('import.notSpreadsheet', {}, 'file');
  }
  const main = sheets.find((s) => s.spec === specs[0]);
  if (!main?.rows.length && !main?.formulas.length) throw badRequest('import.empty', {}, 'file');
  return specs.flatMap((spec) => sheets.filter((s) => s.spec === spec));
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
