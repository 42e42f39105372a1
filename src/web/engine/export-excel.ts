import dayjs from 'dayjs';
import type { BaseRecord, CrudFilters, CrudSort } from '@refinedev/core';
import type { TFunction } from 'i18next';
import type { FieldSchema, ResourceDef } from '../../domain/resource';
import { dataProvider, LIST_MAX } from '../providers/data-provider';
import { currentLanguage } from '../providers/i18n';
import { saveBlob } from './download';
import { columnFields, fieldLabel } from './fields';
import { displayText, servedLabels, type ServedLabels } from './useRefLabels';

/** Every row of the list as filtered and sorted now, pages of the API's maximum size, with the names they point at. */
const allRows = async (def: ResourceDef, filters: CrudFilters, sorters: CrudSort[]) => {
  const rows: BaseRecord[] = [];
  const labels: ServedLabels = {};
  for (let page = 1; ; page++) {
    const answer = await dataProvider.getList({
      resource: def.name,
      filters,
      sorters,
      pagination: { currentPage: page, pageSize: LIST_MAX, mode: 'server' },
    });
    rows.push(...answer.data);
    for (const [field, names] of Object.entries((answer.labels ?? {}) as ServedLabels))
      labels[field] = { ...labels[field], ...names };
    // A short page is the end: above 10,000 rows the total is only an estimate (server/engine/totals.ts).
    if (answer.data.length < LIST_MAX) return { rows, labels };
  }
};

type Cell = string | number | Date | null;

const isNumeric = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));

/**
 * A value as Excel should hold it: numbers and amounts as numbers (so they sum), dates as dates,
 * names of enums and lookups as on screen. Date-times carry the local clock, as the screen shows.
 */
export const typedCell = (schema: FieldSchema, value: unknown, text: string): Cell => {
  if (value === undefined || value === null || value === '') return null;
  if (schema['x-ref'] || schema.enum || schema['x-enum']) return text;
  if ((schema.type === 'number' || schema.type === 'integer') && isNumeric(value)) return Number(value);
  if (schema.format === 'date') {
    const d = dayjs(String(value));
    return d.isValid() ? new Date(Date.UTC(d.year(), d.month(), d.date())) : text;
  }
  if (schema.format === 'date-time') {
    const d = dayjs(String(value));
    return d.isValid() ? new Date(Date.UTC(d.year(), d.month(), d.date(), d.hour(), d.minute(), d.second())) : text;
  }
  return text;
};

/** Excel's number format of a column; amounts name their currency in each cell's own format. */
const numFmt = (schema: FieldSchema, currency?: string) => {
  if (schema['x-money']) return `#,##0.00${currency ? ` "${currency.replace(/"/g, '')}"` : ''}`;
  if (schema.format === 'date') return 'yyyy-mm-dd';
  if (schema.format === 'date-time') return 'yyyy-mm-dd hh:mm';
  if (schema.type === 'integer') return '#,##0';
  if (schema.type === 'number') return schema['x-unit'] ? `#,##0.####" ${schema['x-unit']}"` : '#,##0.####';
  return undefined;
};

/** Display width of text: CJK characters take two columns. */
const textWidth = (text: string) => [...text].reduce((w, c) => w + (/[\u1100-\uFFEE]/.test(c) ? 2 : 1), 0);

/**
 * The current filtered list as .xlsx (SPEC 9: `excel-list` with the date): the visible columns in
 * their order with translated headers, typed cells, the header row frozen and filtered, columns as
 * wide as their content. exceljs is loaded on first use so it stays out of the first load.
 */
export const exportList = async (
  def: ResourceDef,
  t: TFunction,
  opts: { filters: CrudFilters; sorters: CrudSort[]; visible: string[] },
) => {
  const [{ default: ExcelJS }, { rows, labels }] = await Promise.all([
    import('exceljs'),
    allRows(def, opts.filters, opts.sorters),
  ]);
  const refs = servedLabels(def, labels, currentLanguage());
  const schemas = new Map(columnFields(def));
  const fields = opts.visible.filter((f) => schemas.has(f)).map((f) => [f, schemas.get(f)!] as const);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(
    t(`${def.name}.titles.list`)
      .slice(0, 31)
      .replace(/[*?:\\/[\]]/g, ' '),
    { views: [{ state: 'frozen', ySplit: 1 }] },
  );
  const headers = fields.map(([f]) => fieldLabel(def, f, t));
  sheet.columns = fields.map(([f, s], i) => ({
    header: headers[i],
    key: f,
    style: { numFmt: s['x-money'] ? undefined : numFmt(s) },
  }));
  const widths = headers.map((h) => textWidth(h));
  for (const row of rows) {
    const added = sheet.addRow(fields.map(([f, s]) => typedCell(s, row[f], displayText(f, s, row, refs, t))));
    fields.forEach(([f, s], i) => {
      const text = displayText(f, s, row, refs, t);
      widths[i] = Math.max(widths[i], textWidth(text));
      const money = s['x-money'];
      if (money) {
        const currency = row[money];
        added.getCell(i + 1).numFmt = numFmt(
          s,
          currency === null || currency === undefined
            ? undefined
            : t(`enums.currency.${String(currency)}`, { defaultValue: String(currency) }),
        )!;
      }
    });
  }
  widths.forEach((w, i) => (sheet.getColumn(i + 1).width = Math.min(60, Math.max(8, w + 2))));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F0F0' } };
  if (fields.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: fields.length } };
  const buffer = await book.xlsx.writeBuffer();
  saveBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `excel-list-${dayjs().format('YYYYMMDD')}.xlsx`,
  );
  return rows.length;
};
