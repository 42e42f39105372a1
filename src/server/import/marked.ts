import type ExcelJS from 'exceljs';
import type { Translate } from '../i18n';
import type { ImportProblem } from './check';

const RED = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF9999' } } as const;

/**
 * The uploaded file itself with each bad cell filled red and its messages as the cell's comment;
 * a problem of a whole row (a column the file lacks) marks the row's first cell.
 */
export async function markedWorkbook(book: ExcelJS.Workbook, problems: ImportProblem[], t: Translate) {
  const notes = new Map<ExcelJS.Cell, string[]>();
  for (const problem of problems) {
    const worksheet = book.getWorksheet(problem.sheet.name);
    if (!worksheet) continue;
    const col = (problem.column && problem.sheet.at.get(problem.column.name)) ?? 1;
    const cell = worksheet.getCell(problem.row, col);
    const message = t(problem.key, problem.params);
    notes.set(cell, [...(notes.get(cell) ?? []), message]);
  }
  for (const [cell, messages] of notes) {
    cell.fill = RED;
    cell.note = messages.join('\n');
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
