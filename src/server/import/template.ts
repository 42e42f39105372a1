import ExcelJS from 'exceljs';
import { valueList } from '../../../resources/value-lists';
import { labelOf } from '../../domain/import-cells';
import { IMPORT_LIMITS } from '../../domain/import-def';
import type { ImportColumn, ImportSheetSpec } from '../../domain/import-sheets';
import type { Translate } from '../i18n';
import { columnLabel, sheetName } from './labels';

const REQUIRED_FONT = { bold: true, color: { argb: 'FFC0392B' } };
const LISTS_SHEET = 'lists';

/** Excel's number format for a column: dates as dates, amounts and figures as numbers. */
const numFmt = (column: ImportColumn) => {
  const { schema } = column;
  if (schema.format === 'date') return 'yyyy-mm-dd';
  if (schema.format === 'date-time') return 'yyyy-mm-dd hh:mm';
  if (schema['x-money']) return '#,##0.00';
  if (schema.type === 'integer' && !schema['x-enum'] && !schema['x-ref']) return '0';
  if (schema.type === 'number') return '#,##0.####';
  // Codes such as HS codes stay text, or Excel would drop their leading zeros.
  if (schema.type === 'string') return '@';
  return undefined;
};

/** exceljs keeps a sheet's data validations by range, though its typings leave the collection out. */
const validations = (worksheet: ExcelJS.Worksheet) =>
  (worksheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } })
    .dataValidations;

/** Excel's name of a column number: 1 -> A, 27 -> AA. */
const columnLetter = (n: number): string =>
  (n > 26 ? columnLetter(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(65 + ((n - 1) % 26));

/** The labels a column's drop-down offers: an enumeration's or yes and no. */
const choices = (column: ImportColumn, t: Translate): string[] | undefined => {
  const { schema } = column;
  if (schema['x-enum']) return valueList(schema['x-enum']).map((v) => labelOf(schema, v, t) as string);
  if (schema.type === 'boolean') return [true, false].map((v) => labelOf(schema, v, t) as string);
  return undefined;
};

/** The example cell of a column, as a user would type it: labels, dates as dates. */
const exampleCell = (column: ImportColumn, value: unknown, t: Translate): ExcelJS.CellValue => {
  if (value === undefined) return null;
  if (column.schema.format === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  return labelOf(column.schema, value, t) as ExcelJS.CellValue;
};

/**
 * The import template in one language: a sheet per resource, headers from the field labels
 * (required ones marked * in red), enumerations as drop-downs of their labels kept on a hidden
 * sheet, number and date formats on the columns, and the declaration's example row.
 */
export async function templateWorkbook(sheets: ImportSheetSpec[], t: Translate): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const lists = new Map<string, { col: number; values: string[] }>();
  const listRange = (values: string[]) => {
    const key = values.join('\u0000');
    const list = lists.get(key) ?? { col: lists.size + 1, values };
    lists.set(key, list);
    const letter = columnLetter(list.col);
    return `${LISTS_SHEET}!$${letter}$1:$${letter}$${values.length}`;
  };
  for (const sheet of sheets) {
    const worksheet = book.addWorksheet(sheetName(sheet, t), { views: [{ state: 'frozen', ySplit: 1 }] });
    const parentExample = sheet.parent?.spec.example ?? {};
    sheet.columns.forEach((column, i) => {
      const col = worksheet.getColumn(i + 1);
      const header = columnLabel(column, t);
      const cell = worksheet.getCell(1, i + 1);
      cell.value = column.required ? `${header} *` : header;
      cell.font = column.required ? REQUIRED_FONT : { bold: true };
      col.width = Math.min(40, Math.max(12, header.length + 4));
      const format = numFmt(column);
      if (format) col.numFmt = format;
      const example = column.parentKey ? parentExample[column.field] : sheet.spec.example?.[column.field];
      worksheet.getCell(2, i + 1).value = exampleCell(column, example, t);
      const options = choices(column, t);
      if (options?.length)
        validations(worksheet).add(`${col.letter}2:${col.letter}${IMPORT_LIMITS.rows + 1}`, {
          type: 'list',
          allowBlank: !column.required,
          formulae: [listRange(options)],
          showErrorMessage: true,
        });
    });
  }
  // Last, so the file opens on the first resource's sheet; hidden, as it is the drop-downs' source.
  const listSheet = book.addWorksheet(LISTS_SHEET, { state: 'veryHidden' });
  for (const { col, values } of lists.values()) values.forEach((v, i) => (listSheet.getCell(i + 1, col).value = v));
  return Buffer.from(await book.xlsx.writeBuffer());
}
