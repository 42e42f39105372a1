import dayjs from 'dayjs';
import type { BaseRecord, CrudFilters, CrudSort } from '@refinedev/core';
import type { TFunction } from 'i18next';
import type { FieldSchema, ResourceDef } from '../../domain/resource';
import { dataProvider, LIST_MAX } from '../providers/data-provider';
import { currentLanguage } from '../providers/i18n';
import { saveBlob } from './download';
import { fillSheet, type Cell, type SheetCell, type SheetSpec } from './excel-sheet';
import { columnFields, fieldLabel, fieldsOf } from './fields';
import { changesText } from './row-resource';
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

/**
 * The current filtered list as .xlsx (SPEC 9: `excel-list` with the date): the visible columns in
 * their order with translated headers, typed cells, the header row frozen and filtered, columns as
 * wide as their content.
 */
export const exportList = async (
  def: ResourceDef,
  t: TFunction,
  opts: { filters: CrudFilters; sorters: CrudSort[]; visible: string[] },
) => {
  // exceljs loads while the rows come.
  const [, { rows, labels }] = await Promise.all([import('exceljs'), allRows(def, opts.filters, opts.sorters)]);
  const refs = servedLabels(def, labels, currentLanguage());
  const schemas = new Map(columnFields(def));
  const fields = [
    ...opts.visible.filter((f) => schemas.has(f)).map((f) => [f, schemas.get(f)!] as const),
    // No list shows an audit row's before and after, yet they are what its export is read for.
    ...fieldsOf(def).filter(([, s]) => s['x-changesOf']),
  ];
  const sheet: SheetSpec = {
    title: t(`${def.name}.titles.list`),
    columns: fields.map(([f, s]) => ({ header: fieldLabel(def, f, t), numFmt: s['x-money'] ? undefined : numFmt(s) })),
    rows: rows.map((row) =>
      fields.map(([f, s]): SheetCell => {
        const text = s['x-changesOf'] ? changesText(def, f, row, t) : displayText(f, s, row, refs, t);
        const cell = typedCell(s, row[f], text);
        const money = s['x-money'];
        return money && cell !== null ? { value: cell, numFmt: numFmt(s, currencyLabel(t, row[money]))! } : cell;
      }),
    ),
  };
  await saveSheet(sheet, `excel-list-${dayjs().format('YYYYMMDD')}.xlsx`);
  return rows.length;
};

const currencyLabel = (t: TFunction, currency: unknown) =>
  currency === null || currency === undefined
    ? undefined
    : t(`enums.currency.${String(currency)}`, { defaultValue: String(currency) });

/** Amounts with 2 decimals and their currency in the cell's format, so the cell stays a number. */
export const moneyFormat = (currency?: string) => numFmt({ type: 'number', 'x-money': 'currency' }, currency)!;

/**
 * The app's one way to write an .xlsx (lists, reports, a bill's lines): the sheet as fillSheet lays
 * it out, or several in their order (each titled apart: a book's sheet names are unique), handed to
 * the browser under `fileName`. exceljs is loaded on first use, out of the first load.
 */
export const saveSheet = async (sheets: SheetSpec | SheetSpec[], fileName: string) => {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  for (const sheet of Array.isArray(sheets) ? sheets : [sheets]) fillSheet(book, sheet);
  const buffer = await book.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
};
