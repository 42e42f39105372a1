import dayjs from 'dayjs';
import type { BaseRecord, CrudFilters, CrudSort } from '@refinedev/core';
import type { TFunction } from 'i18next';
import type { ResourceDef } from '../../domain/resource';
import { dataProvider, LIST_MAX } from '../providers/data-provider';
import { currentLanguage } from '../providers/i18n';
import { saveBlob } from './download';
import { columnFields, fieldLabel } from './fields';
import { displayText, labelMap, refTargets, refValues, type RefLabels } from './useRefLabels';

/** Every row of the list as filtered and sorted now: pages of the API's maximum size. */
const allRows = async (def: ResourceDef, filters: CrudFilters, sorters: CrudSort[]) => {
  const rows: BaseRecord[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList({ resource: def.name, filters, sorters, pagination: { currentPage: page, pageSize: LIST_MAX, mode: 'server' } });
    rows.push(...data);
    if (!data.length || rows.length >= total) return rows;
  }
};

/** The labels of every referenced record in the rows, one `_in` request per resource and 1000 values. */
const allLabels = async (def: ResourceDef, rows: BaseRecord[], language: string): Promise<RefLabels> => {
  const out: RefLabels = {};
  for (const target of refTargets(def)) {
    const values = [...new Set(rows.flatMap((r) => refValues(target, [r])))];
    const records: BaseRecord[] = [];
    for (let i = 0; i < values.length; i += LIST_MAX) {
      const chunk = values.slice(i, i + LIST_MAX);
      const { data } = await dataProvider.getList({ resource: target.resource, filters: [{ field: target.key, operator: 'in', value: chunk }], pagination: { mode: 'off' }, meta: { silent: true } });
      records.push(...data);
    }
    const labels = labelMap(target, records, language);
    for (const f of target.fields) out[f] = labels;
  }
  return out;
};

/**
 * The current filtered list as .xlsx (SPEC 9: `excel-list` with the date): the visible columns
 * with translated headers, enum and lookup labels as on screen. exceljs is loaded on first use so
 * it stays out of the first load.
 */
export const exportList = async (def: ResourceDef, t: TFunction, opts: { filters: CrudFilters; sorters: CrudSort[]; visible: string[] }) => {
  const [{ default: ExcelJS }, rows] = await Promise.all([import('exceljs'), allRows(def, opts.filters, opts.sorters)]);
  const refs = await allLabels(def, rows, currentLanguage());
  const fields = columnFields(def).filter(([f]) => opts.visible.includes(f));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t(`${def.name}.titles.list`).slice(0, 31));
  sheet.columns = fields.map(([f]) => ({ header: fieldLabel(def, f, t), key: f, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(Object.fromEntries(fields.map(([f, s]) => [f, displayText(f, s, row, refs, t)])));
  const buffer = await book.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `excel-list-${dayjs().format('YYYYMMDD')}.xlsx`);
  return rows.length;
};
