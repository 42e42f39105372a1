import type { Translate } from '../i18n';
import { arrayOf, int, obj, str, type Json } from '../contract/route-schemas';
import { columnLabel } from './labels';
import type { ReadSheet } from './read';

/** Rows a preview shows per sheet: enough to see the file was read as meant. */
const PREVIEW_ROWS = 5;

export type Outcome = 'created' | 'updated' | 'unchanged';

const text = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

/**
 * The first rows of each sheet as the file has them, under the columns' labels in the caller's
 * language, each with what the import does to it: the preview shown before a clean file is imported.
 */
export const previewOf = (sheets: ReadSheet[], outcome: (sheet: ReadSheet, row: number) => Outcome, t: Translate) =>
  sheets.map((sheet) => {
    const columns = sheet.spec.columns.filter((c) => sheet.at.has(c.name));
    return {
      resource: sheet.spec.def.name,
      sheet: sheet.name,
      columns: columns.map((c) => columnLabel(c, t)),
      rows: sheet.rows.slice(0, PREVIEW_ROWS).map(({ row, cells }) => ({
        row,
        outcome: outcome(sheet, row),
        cells: columns.map((c) => (cells.has(c.name) ? text(cells.get(c.name)) : '')),
      })),
    };
  });

export const previewSchema: Json = arrayOf(
  obj(
    {
      resource: str(),
      sheet: str('The sheet as the file names it.'),
      columns: arrayOf(str(), "The sheet's columns the file has, by their labels in the Accept-Language language."),
      rows: arrayOf(
        obj(
          {
            row: int('As Excel numbers it.'),
            outcome: { type: 'string', enum: ['created', 'updated', 'unchanged'] },
            cells: arrayOf(str(), 'As the file has them, one per column.'),
          },
          ['row', 'outcome', 'cells'],
        ),
      ),
    },
    ['resource', 'sheet', 'columns', 'rows'],
  ),
  `Each sheet's first ${PREVIEW_ROWS} rows and what the import does to each.`,
);
