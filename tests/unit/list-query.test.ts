import { describe, expect, it } from 'vitest';
import { ports } from '../../resources/ports';
import { parseListQuery, whereClause } from '../../src/server/engine/list-query';

describe('parseListQuery', () => {
  it('binds every value and orders by declared fields only', () => {
    const q = parseListQuery(ports, {
      q: 'ab%',
      status: '1',
      displayOrder_gte: '3',
      sort: '-code,nameEn',
      pageIndex: '2',
      pageSize: '5',
    });
    expect(q.params).toEqual(['%ab\\%%', 1, 3]);
    expect(whereClause(q.conditions)).toBe(
      'WHERE (t."code"::text ILIKE $1 OR t."name_cn"::text ILIKE $1 OR t."name_en"::text ILIKE $1) AND t."status" = $2 AND t."display_order" >= $3',
    );
    expect(q.orderBy).toBe('ORDER BY t."code" DESC, t."name_en" ASC, t."id" ASC');
    expect([q.limit, q.offset]).toEqual([5, 5]);
  });

  it('uses the resource default sort and page size', () => {
    const q = parseListQuery(ports, {});
    expect(q.orderBy).toBe('ORDER BY t."display_order" ASC, t."code" ASC, t."id" ASC');
    expect(q.limit).toBe(20);
  });

  it('breaks ties by id in the direction of the last key, so one index serves the sort both ways', () => {
    expect(parseListQuery(ports, { sort: '-displayOrder' }).orderBy).toBe(
      'ORDER BY t."display_order" DESC, t."id" DESC',
    );
    expect(parseListQuery(ports, { sort: '-id' }).orderBy).toBe('ORDER BY t."id" DESC');
  });

  it('throws a 40001 for unknown fields, bad numbers and an oversized page', () => {
    for (const query of [
      { sort: 'nope' },
      { 'x"y': '1' },
      { status: 'one' },
      { pageSize: '1001' },
      { pageIndex: '-1' },
    ])
      expect(() => parseListQuery(ports, query)).toThrow(expect.objectContaining({ code: 40001 }));
  });
});
