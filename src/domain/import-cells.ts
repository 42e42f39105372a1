import type { FieldSchema } from './resource';

/** A cell as a spreadsheet holds it once rich text and links are read as their text. */
export type RawCell = string | number | boolean | Date | null | undefined;

export type CellProblem = { key: string; params?: Record<string, unknown> };
export type CellResult = { value: unknown } | { problem: CellProblem };

/**
 * The values a label stands for, by its lower-cased text in any language: a file filled in Chinese
 * imports as well for an English-speaking user. `boolean` holds yes and no.
 */
export type LabelIndex = (name: string) => Map<string, string | number | boolean>;

const EXCEL_EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Excel keeps a date as days since 1899-12-30; exceljs hands most back as a Date, a few as a number. */
const fromSerial = (serial: number) => new Date(Math.round((serial - EXCEL_EPOCH_DAYS) * DAY_MS));

const DAY = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;

function dayText(text: string) {
  const m = DAY.exec(text);
  return m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : text;
}

function labelled(index: Map<string, string | number | boolean>, raw: RawCell): CellResult {
  const text = String(raw).trim().toLowerCase();
  return index.has(text) ? { value: index.get(text) } : { problem: { key: 'validation.enum' } };
}

/**
 * One cell as the value the API's validation expects: undefined for an empty cell, numbers as
 * numbers, dates as YYYY-MM-DD, enumerations from their labels. A value of the wrong kind passes
 * through as text, so the schema's own rule names what is wrong (the same message a form shows);
 * only an unknown label is refused here. Lookups stay as the text naming the record.
 */
export function cellValue(schema: FieldSchema, raw: RawCell, labels: LabelIndex): CellResult {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return { value: undefined };
  if (schema['x-ref']) return { value: raw instanceof Date ? isoDay(raw) : String(raw).trim() };
  if (schema['x-enum']) return labelled(labels(schema['x-enum']), raw);
  if (schema.type === 'boolean') return typeof raw === 'boolean' ? { value: raw } : labelled(labels('boolean'), raw);
  if (schema.type === 'integer' || schema.type === 'number') {
    if (typeof raw === 'number') return { value: raw };
    const text = String(raw).trim().replace(/[\s,]/g, '');
    return { value: /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : String(raw).trim() };
  }
  if (schema.format === 'date') {
    if (raw instanceof Date) return { value: isoDay(raw) };
    if (typeof raw === 'number') return { value: isoDay(fromSerial(raw)) };
    return { value: dayText(String(raw).trim()) };
  }
  if (schema.format === 'date-time') {
    if (raw instanceof Date) return { value: raw.toISOString() };
    if (typeof raw === 'number') return { value: fromSerial(raw).toISOString() };
    return { value: String(raw).trim() };
  }
  if (raw instanceof Date) return { value: isoDay(raw) };
  return { value: String(raw).trim() };
}

/** The label a template shows for a value (enumeration or yes/no), in the template's language. */
export function labelOf(schema: FieldSchema, value: unknown, t: (key: string) => string): unknown {
  if (schema['x-enum']) return t(`enums.${schema['x-enum']}.${String(value)}`);
  if (schema.type === 'boolean') return t(`common.${value ? 'yes' : 'no'}`);
  return value;
}
