import { describe, expect, it } from 'vitest';
import { enums } from '../../src/domain/enums';
import { cellValue, labelOf } from '../../src/domain/import-cells';
import type { FieldSchema } from '../../src/domain/resource';
import { labelIndex, translate } from '../../src/server/import/labels';

const LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;
const value = (schema: FieldSchema, raw: Parameters<typeof cellValue>[1]) => cellValue(schema, raw, labelIndex);

describe('a cell as the value the API validates', () => {
  it('reads every label of every enumeration back as its code, in all four languages and any case', () => {
    for (const [name, codes] of Object.entries(enums))
      for (const code of codes)
        for (const lang of LANGUAGES) {
          const schema: FieldSchema = { type: typeof code === 'number' ? 'integer' : 'string', 'x-enum': name };
          const label = labelOf(schema, code, translate(lang)) as string;
          expect({ name, lang, label, result: value(schema, label) }).toEqual({
            name,
            lang,
            label,
            result: { value: code },
          });
          expect(value(schema, ` ${label.toUpperCase()} `)).toEqual({ value: code });
        }
  });

  it('takes an enumeration by its code too, and refuses an unknown label with the form’s message', () => {
    const schema: FieldSchema = { type: 'integer', 'x-enum': 'chargeUnit' };
    expect(value(schema, 2)).toEqual({ value: 2 });
    expect(value(schema, 'bushel')).toEqual({ problem: { key: 'validation.enum' } });
  });

  it('reads yes and no in all four languages, and true cells as they are', () => {
    const schema: FieldSchema = { type: 'boolean' };
    for (const lang of LANGUAGES) {
      expect(value(schema, labelOf(schema, true, translate(lang)) as string)).toEqual({ value: true });
      expect(value(schema, labelOf(schema, false, translate(lang)) as string)).toEqual({ value: false });
    }
    expect(value(schema, true)).toEqual({ value: true });
    expect(value(schema, 'maybe')).toEqual({ problem: { key: 'validation.enum' } });
  });

  it('keeps numbers numbers, reads numeric text, and passes other text on for the schema to name', () => {
    for (const type of ['integer', 'number'] as const) {
      const schema: FieldSchema = { type };
      expect(value(schema, 12.5)).toEqual({ value: 12.5 });
      expect(value(schema, ' 1,234.5 ')).toEqual({ value: 1234.5 });
      expect(value(schema, '12ab')).toEqual({ value: '12ab' });
    }
  });

  it('reads dates from date cells, Excel day numbers and text, and date-times as instants', () => {
    const day: FieldSchema = { type: 'string', format: 'date' };
    expect(value(day, new Date(Date.UTC(2026, 10, 26)))).toEqual({ value: '2026-11-26' });
    expect(value(day, 46_352)).toEqual({ value: '2026-11-26' });
    expect(value(day, '2026/1/5')).toEqual({ value: '2026-01-05' });
    expect(value(day, 'tomorrow')).toEqual({ value: 'tomorrow' });
    const instant: FieldSchema = { type: 'string', format: 'date-time' };
    expect(value(instant, new Date(Date.UTC(2026, 10, 26, 8, 30)))).toEqual({ value: '2026-11-26T08:30:00.000Z' });
  });

  it('reads text from numbers (an HS code typed as one) and trims it; an empty cell is no value', () => {
    const text: FieldSchema = { type: 'string' };
    expect(value(text, 902101000)).toEqual({ value: '902101000' });
    expect(value(text, '  TEA-01 ')).toEqual({ value: 'TEA-01' });
    for (const empty of [null, undefined, '', '   ']) expect(value(text, empty)).toEqual({ value: undefined });
  });

  it('leaves a lookup as the text naming its record, a number as its text', () => {
    const ref: FieldSchema = { type: 'integer', 'x-ref': 'organizations' };
    expect(value(ref, ' HD001 ')).toEqual({ value: 'HD001' });
    expect(value(ref, 1001)).toEqual({ value: '1001' });
  });
});
