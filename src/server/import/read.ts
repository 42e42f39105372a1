import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_LIMITS } from '../../domain/import-def';
import type { ImportColumn, ImportSheetSpec } from '../../domain/import-sheets';
import type { RawCell } from '../../domain/import-cells';
import { AppError, badRequest } from '../errors';
import { zipVerdict } from '../files/zip-limits';
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

const notSpreadsheet = () => badRequest('import.notSpreadsheet', {}, 'file');

/**
 * The 40001 of an upload that is no zip archive, or one that unpacks to more than any import could
 * (files/zip-limits.ts): checked before exceljs unpacks anything, which it would do whole.
 */
async function unpackable(content: Buffer) {
  if (!content.subarray(0, 4).equals(ZIP_MAGIC)) throw notSpreadsheet();
  const verdict = await zipVerdict(content);
  if (verdict === 'tooLarge') throw badRequest('import.unpacksTooLarge', {}, 'file');
  if (verdict === 'unreadable') throw notSpreadsheet();
}

/**
 * The workbook of an upload, or the clear 40001 of a file that is not one, unpacks to too much or
 * has more rows than the limit (exceljs stops reading a sheet there). `forImport` leaves the
 * drop-downs unread: exceljs would make an object per cell of a template's validated ranges, which
 * the import never reads; the marked copy keeps them, so the fixed file still offers them.
 */
export async function loadWorkbook(content: Buffer, forImport: boolean): Promise<ExcelJS.Workbook> {
  await unpackable(content);
  return parsedWorkbook(content, forImport);
}

/** loadWorkbook of a file already found unpackable. */
async function parsedWorkbook(content: Buffer, forImport: boolean) {
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
    throw notSpreadsheet();
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

/** Where a worksheet's rows go: a resource's sheet, matched by its name in any language. */
const specNamed = (specs: ImportSheetSpec[], name: string) =>
  specs.find((spec) => sheetNames(spec).has(name.trim().toLowerCase()));

/**
 * The sheets the import reads, out of the worksheets in file order: each matched by its name in any
 * language, and a renamed first sheet standing for the main resource when no sheet is named after
 * any. Refuses, whole, a file without rows on its main sheet.
 */
function pickSheets(found: { name: string; sheet: (spec: ImportSheetSpec) => ReadSheet }[], specs: ImportSheetSpec[]) {
  const named = found.some((f) => specNamed(specs, f.name));
  const sheets = specs.flatMap((spec, position): ReadSheet[] => {
    const source =
      found.find((f) => specNamed(specs, f.name) === spec) ?? (position === 0 && !named ? found[0] : undefined);
    return source ? [source.sheet(spec)] : [];
  });
  if (!sheets[0]?.rows.length && !sheets[0]?.formulas.length) throw badRequest('import.empty', {}, 'file');
  return sheets;
}

/** Matches a header row's cells to a sheet's columns, by Excel column number. */
function headers(spec: ImportSheetSpec, cells: [number, ExcelJS.CellValue][]) {
  const at = new Map<string, number>();
  const match = headerMatcher(spec);
  for (const [col, value] of cells) {
    const column = match(String(plain(value) ?? ''));
    if (column && !at.has(column.name)) at.set(column.name, col);
  }
  return at;
}

const cellsOf = (row: ExcelJS.Row) => {
  const cells: [number, ExcelJS.CellValue][] = [];
  row.eachCell((cell, col) => cells.push([col, cell.value]));
  return cells;
};

/** The sheets of a workbook read whole (the marked copy's, and files the streaming reader cannot place). */
export function readSheets(book: ExcelJS.Workbook, specs: ImportSheetSpec[]): ReadSheet[] {
  const worksheets = book.worksheets.filter((w) => w.state === 'visible');
  const total = worksheets.reduce((n, w) => n + Math.max(0, w.actualRowCount - 1), 0);
  if (total > IMPORT_LIMITS.rows) throw tooManyRows();
  return pickSheets(
    worksheets.map((worksheet) => ({
      name: worksheet.name,
      sheet: (spec) => {
        const sheet: ReadSheet = {
          spec,
          name: worksheet.name,
          at: headers(spec, cellsOf(worksheet.getRow(1))),
          rows: [],
          formulas: [],
        };
        worksheet.eachRow((row) => {
          if (row.number > 1) readRow(sheet, row.number, row.values as Values);
        });
        return sheet;
      },
    })),
    specs,
  );
}

type StreamedSheet = AsyncIterable<ExcelJS.Row> & { name?: string; state?: string };

/**
 * An upload's sheets, streamed row by row: the workbook is never built (loading it whole took most
 * of a large import's time), and a file over the row limit stops as soon as it passes it. Each
 * visible worksheet is kept as its rows' values only. A file the streaming reader fails on or cannot
 * place (a worksheet it found no name for, a sheet the workbook lists that it never met: writers
 * order and link a file's parts in ways it does not all follow) is read whole instead, which
 * answers the 40001 of a file that is no workbook at all.
 */
export async function readUpload(content: Buffer, specs: ImportSheetSpec[]): Promise<ReadSheet[]> {
  await unpackable(content);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(content), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const found: { name: string; rows: { number: number; values: Values }[]; header: [number, ExcelJS.CellValue][] }[] =
    [];
  let total = 0;
  let placed = true;
  try {
    for await (const worksheet of reader as unknown as AsyncIterable<StreamedSheet>) {
      if (!worksheet.name) placed = false;
      if (!worksheet.name || (worksheet.state && worksheet.state !== 'visible')) {
        // Read through even so: the reader deletes a sheet it parked in a temporary file as soon as
        // the loop moves on, and a stream still opening that file would fail outside any handler.
        for await (const _ of worksheet);
        continue;
      }
      const sheet = {
        name: worksheet.name,
        rows: [] as { number: number; values: Values }[],
        header: [] as [number, ExcelJS.CellValue][],
      };
      for await (const row of worksheet) {
        if (row.number === 1) sheet.header = cellsOf(row);
        else if (row.hasValues) {
          if (++total > IMPORT_LIMITS.rows) throw tooManyRows();
          sheet.rows.push({ number: row.number, values: row.values as Values });
        }
      }
      found.push(sheet);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    placed = false;
  }
  const listed = (
    (reader as unknown as { model?: { sheets?: { name: string; state?: string }[] } }).model?.sheets ?? []
  ).filter((s) => !s.state || s.state === 'visible');
  if (!placed || !listed.length || listed.some((s) => !found.some((f) => f.name === s.name)))
    return readSheets(await parsedWorkbook(content, true), specs);
  return pickSheets(
    found.map(({ name, rows, header }) => ({
      name,
      sheet: (spec) => {
        const sheet: ReadSheet = { spec, name, at: headers(spec, header), rows: [], formulas: [] };
        for (const row of rows) readRow(sheet, row.number, row.values);
        return sheet;
      },
    })),
    specs,
  );
}

/** A row's cells by Excel column number: the streamed row's own objects are not kept. */
type Values = ExcelJS.CellValue[];

function readRow(sheet: ReadSheet, number: number, values: Values) {
  const cells = new Map<string, RawCell>();
  let filled = false;
  for (const column of sheet.spec.columns) {
    const col = sheet.at.get(column.name);
    if (col === undefined) continue;
    const value = plain(values[col]);
    if (value === undefined) sheet.formulas.push({ row: number, column });
    else if (value !== null && !(typeof value === 'string' && value.trim() === '')) {
      cells.set(column.name, value);
      filled = true;
    }
  }
  if (filled) sheet.rows.push({ row: number, cells });
}
