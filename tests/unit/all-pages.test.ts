import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A list of 2,345 rows behind the mocked client, answered page by page as the API does. */
const ROWS = Array.from({ length: 2_345 }, (_, i) => ({ id: i + 1 }));
const calls: { path: string; query: Record<string, unknown> }[] = [];

vi.mock('../../src/web/providers/http', () => ({
  API_BASE: '/api/1.0',
  request: async (path: string, { query }: { query: Record<string, unknown> }) => {
    calls.push({ path, query });
    if (query.id_in !== undefined) {
      const ids = String(query.id_in).split(',');
      if (ids.length > 1000) throw new Error('more ids than one page');
      return { rows: ids.map((id) => ({ id: Number(id) })), total: ids.length };
    }
    const size = Number(query.pageSize);
    const start = (Number(query.pageIndex) - 1) * size;
    const rows = ROWS.slice(start, start + size);
    return {
      rows,
      total: ROWS.length,
      labels: { skuId: Object.fromEntries(rows.map((r) => [r.id, { title: `#${r.id}` }])) },
    };
  },
}));

const { allPages } = await import('../../src/web/providers/all-pages');
const { dataProvider } = await import('../../src/web/providers/data-provider');

beforeEach(() => {
  calls.length = 0;
});

describe('lists read whole where a part would be taken for all', () => {
  it('allPages reads page after page of the largest size until a short one, with every name', async () => {
    const { rows, labels } = await allPages<{ id: number }>('/inventory/lots', { warehouseId: 3 });
    expect(rows).toEqual(ROWS);
    expect(Object.keys(labels.skuId)).toHaveLength(ROWS.length);
    expect(calls.map((c) => c.query.pageIndex)).toEqual([1, 2, 3]);
    expect(calls.every((c) => c.query.pageSize === 1000 && c.query.warehouseId === 3)).toBe(true);
  });

  it("an unpaged getList (a tree, a form's stock) answers every row, a paged one its page", async () => {
    const all = await dataProvider.getList({ resource: 'lots', pagination: { mode: 'off' } });
    expect(all.data).toHaveLength(ROWS.length);
    expect(all.total).toBe(ROWS.length);
    const page = await dataProvider.getList({ resource: 'lots', pagination: { currentPage: 2, pageSize: 20 } });
    expect(page.data.map((r) => r.id)).toEqual(ROWS.slice(20, 40).map((r) => r.id));
    expect(page.total).toBe(ROWS.length);
  });

  it('getMany asks for more than a page of ids in chunks, losing none', async () => {
    const ids = ROWS.map((r) => r.id);
    const { data } = await dataProvider.getMany!({ resource: 'lots', ids });
    expect(data.map((r) => r.id)).toEqual(ids);
    expect(calls).toHaveLength(3);
  });
});
