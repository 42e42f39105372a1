import type { TFunction } from 'i18next';
import { resourceByName } from '../../../resources';
import { recordLabel } from '../../domain/resource';
import { sheetFileName, type SheetCell } from '../engine/excel-sheet';
import { saveSheet } from '../engine/export-excel';
import { dataProvider } from '../providers/data-provider';
import { currentLanguage } from '../providers/i18n';
import { currentUser } from '../providers/session';

export interface SheetColumn<R> {
  header: string;
  /** A number stays a number cell (sums and sorting work in Excel); text stays text. */
  value: (row: R) => string | number | null | undefined;
  numFmt?: string;
}

/** Typed cells: decimals the API sends as exact strings become numbers for the spreadsheet. */
const cell = (value: string | number | null | undefined, numeric: boolean): SheetCell => {
  if (value === null || value === undefined) return null;
  return numeric && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
    ? Number(value)
    : value;
};

/** The name of a record a report is narrowed to (a customer, a country), for its file's title block. */
const recordName = async (resource: string, id: string | number) => {
  const { data } = await dataProvider.getOne({ resource, id, meta: { silent: true } });
  return recordLabel(resourceByName(resource)!, data, currentLanguage());
};

/**
 * The title block's line of a filter the report may be narrowed by: the chosen record's name, and
 * for the customer, when none is chosen, the user's own organization or every customer.
 */
export const filterLine = async (
  t: TFunction,
  label: string,
  resource: string,
  id: string | undefined,
): Promise<[string, string] | undefined> => {
  if (id) return [label, await recordName(resource, id)];
  if (resource !== 'organizations') return undefined;
  const own = currentUser()?.organizationId;
  return [label, own ? await recordName(resource, own) : t('reports.file.allCustomers')];
};

export interface ReportFile<R> {
  title: string;
  period: { from?: string; to?: string };
  /** The title block's lines after the period: what the report is narrowed to and how it is grouped. */
  info: [string, string][];
  columns: SheetColumn<R>[];
  rows: R[];
  /** Totals rows, their label in the first column and their figures under the number columns. */
  totals: { label: string; row: R }[];
}

/** A report as .xlsx named by the report and its period, with its title block and totals. */
export const exportReport = <R>(t: TFunction, file: ReportFile<R>) =>
  saveSheet(
    {
      title: file.title,
      info: [[t('reports.file.period'), `${file.period.from ?? ''} – ${file.period.to ?? ''}`], ...file.info],
      columns: file.columns.map(({ header, numFmt }) => ({ header, numFmt })),
      rows: file.rows.map((r) => file.columns.map((c) => cell(c.value(r), Boolean(c.numFmt)))),
      totals: file.totals.map(({ label, row }) =>
        file.columns.map((c, i) => (i === 0 ? label : c.numFmt ? cell(c.value(row), true) : null)),
      ),
    },
    sheetFileName(file.title, file.period),
  );
