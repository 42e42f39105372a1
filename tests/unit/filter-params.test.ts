import { describe, expect, it, vi } from 'vitest';

// The HTTP client needs a browser (cookies, i18n detection); the parameter names do not.
vi.mock('../../src/web/providers/http', () => ({ API_BASE: '/api/1.0', request: async () => undefined }));

const { toFilterParams } = await import('../../src/web/providers/data-provider');

describe('list filters as query parameters', () => {
  it('names each operator as the API reads it', () => {
    expect(
      toFilterParams([
        { field: 'q', operator: 'contains', value: 'ningbo' },
        { field: 'status', operator: 'eq', value: 1 },
        { field: 'type', operator: 'ne', value: 2 },
        { field: 'createTime', operator: 'gte', value: '2025-01-01' },
        { field: 'createTime', operator: 'lte', value: '2025-01-31' },
        { field: 'name', operator: 'contains', value: 'port' },
        { field: 'id', operator: 'in', value: [3, 5, 8] },
      ]),
    ).toEqual({
      q: 'ningbo',
      status: 1,
      type_ne: 2,
      createTime_gte: '2025-01-01',
      createTime_lte: '2025-01-31',
      name_like: 'port',
      id_in: '3,5,8',
    });
  });

  it('leaves out empty values and conditional groups', () => {
    expect(
      toFilterParams([
        { field: 'status', operator: 'eq', value: '' },
        { field: 'name', operator: 'eq', value: null },
        { field: 'code', operator: 'eq', value: undefined },
        { operator: 'or', value: [{ field: 'a', operator: 'eq', value: 1 }] },
      ]),
    ).toEqual({});
  });
});
