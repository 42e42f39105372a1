import { describe, expect, it } from 'vitest';
import { unallowedNulls, unnamedFields } from '../../src/server/contract/unnamed-fields';

describe('unnamedFields', () => {
  const schema = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      lines: { type: 'array', items: { type: 'object', properties: { skuId: { type: 'integer' } } } },
      labels: { type: 'object', additionalProperties: { type: 'object', properties: { en: { type: 'string' } } } },
      anything: { type: 'object' },
    },
  };

  it('finds fields the schema does not name, however deep', () => {
    expect(unnamedFields(schema, { id: 1, secret: 'x', lines: [{ skuId: 1 }, { skuId: 2, cost: 3 }] })).toEqual([
      '/secret',
      '/lines/1/cost',
    ]);
    expect(unnamedFields(schema, { labels: { a: { en: 'A', hash: 'h' } } })).toEqual(['/labels/a/hash']);
  });

  it('accepts what the schema names, free-form objects, nulls and dates', () => {
    expect(
      unnamedFields(schema, { id: 1, lines: null, anything: { a: { b: 1 } }, labels: { a: { en: 'A' } } }),
    ).toEqual([]);
    expect(unnamedFields({ type: 'object', properties: { at: { type: 'string' } } }, { at: new Date() })).toEqual([]);
  });

  it('takes the alternative that names everything', () => {
    const either = {
      anyOf: [
        { type: 'object', properties: { a: {} } },
        { type: 'object', properties: { b: {} } },
      ],
    };
    expect(unnamedFields(either, { b: 1 })).toEqual([]);
    expect(unnamedFields(either, { c: 1 })).toEqual(['/c']);
  });
});

describe('unallowedNulls', () => {
  const schema = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      remark: { type: ['string', 'null'] },
      lines: { type: 'array', items: { type: 'object', properties: { skuId: { type: 'integer' } } } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      anything: {},
    },
  };

  it('finds the nulls the serializer would turn into a value, however deep', () => {
    expect(
      unallowedNulls(schema, { id: null, remark: null, lines: [{ skuId: 1 }, { skuId: null }], labels: { a: null } }),
    ).toEqual(['/id', '/lines/1/skuId', '/labels/a']);
    expect(unallowedNulls(schema, { lines: null })).toEqual(['/lines']);
  });

  it('accepts nulls where the schema allows them or says nothing of the type', () => {
    expect(unallowedNulls(schema, { id: 1, remark: null, anything: null, unnamed: null })).toEqual([]);
    expect(unallowedNulls({ anyOf: [{ type: 'string' }, { type: 'null' }] }, null)).toEqual([]);
  });
});
