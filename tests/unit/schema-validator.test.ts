import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/web/engine/schema-validator';
import ports from '../../schemas/ports.json';
import outbounds from '../../schemas/outbounds.json';

const names = (errors: ReturnType<typeof validateSchema>) => errors.map((e) => [e.property, e.name, e.params?.limit]);

describe('the form validator that needs no code generation', () => {
  it('reports required fields, patterns and limits where Ajv would, with their numbers', () => {
    const schema = { ...ports, $id: undefined } as never;
    expect(
      names(validateSchema(schema, { code: 'bad', nameCn: '港', nameEn: 'x', displayOrder: -1, status: 1 })),
    ).toEqual([
      ['.countryId', 'required', undefined],
      ['.code', 'pattern', undefined],
      ['.displayOrder', 'minimum', 0],
    ]);
    expect(
      validateSchema(schema, { code: 'CNSHA', countryId: 1, nameCn: '上海', nameEn: 'Shanghai', status: 1 }),
    ).toEqual([]);
  });

  it('checks each line of an array by its index, and the types of numbers', () => {
    const schema = { type: 'object', properties: { lines: outbounds.properties.lines } } as never;
    const errors = validateSchema(schema, {
      lines: [{ skuId: 3, pieces: 2 }, { pieces: 0 }, { skuId: 4, pieces: 1.5 }],
    });
    expect(names(errors)).toEqual([
      ['.lines.1.skuId', 'required', undefined],
      ['.lines.1.pieces', 'minimum', 1],
      ['.lines.2.pieces', 'type', undefined],
    ]);
  });

  it('knows the formats the schemas use', () => {
    const schema = {
      type: 'object',
      properties: { d: { type: 'string', format: 'date' }, e: { type: 'string', format: 'email' } },
    } as never;
    expect(names(validateSchema(schema, { d: '2026-13-01', e: 'a@b' }))).toEqual([
      ['.d', 'format', undefined],
      ['.e', 'format', undefined],
    ]);
    expect(validateSchema(schema, { d: '2026-11-23', e: 'a@b.co' })).toEqual([]);
  });
});
