import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

/** More lots than the API's largest page, so nothing may take one page for the whole sheet. */
const EXTRA_LOTS = 1_500;

let admin: string;
let shipper: string;
let warehouseId: number;

const sheet = (extra: string) =>
  `/inventory/lots?warehouseId=${warehouseId}&pieces_gte=1&sort=skuId,inboundDate,id&${extra}`;

const api = fileApi();
beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  const own = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
  warehouseId = (await api.call('GET', '/config/warehouses?pageSize=1&sort=id', { token: admin })).data.rows[0].id;
  const skuOf = async (organizationId: number) =>
    (await api.call('GET', `/products/skus?organizationId=${organizationId}&pageSize=1`, { token: admin })).data.rows[0]
      .id;
  const other = (await api.call('GET', '/organizations?pageSize=2&sort=id', { token: admin })).data.rows.find(
    (o: { id: number }) => o.id !== own,
  ).id;
  // One big inbound for the customer (a lot per line) and a small one for another customer.
  for (const [organizationId, lines] of [
    [own, EXTRA_LOTS],
    [other, 3],
  ]) {
    const skuId = await skuOf(organizationId);
    const products = Array.from({ length: lines }, (_, i) => ({ skuId, pieces: (i % 9) + 1, pallets: (i % 3) + 1 }));
    const inbound = await api.call('POST', '/inventory/inbounds', {
      token: admin,
      body: { organizationId, warehouseId, inboundType: 1, products },
    });
    expect(inbound.code, inbound.message).toBe(20000);
    const id = inbound.data.id;
    expect((await api.call('POST', `/inventory/inbounds/${id}/submit`, { token: admin, body: {} })).code).toBe(20000);
    const confirmed = await api.call('POST', `/inventory/inbounds/${id}/confirm`, {
      token: admin,
      body: { inboundDate: '2026-11-02' },
    });
    expect(confirmed.code, confirmed.message).toBe(20000);
  }
});

describe('a count sheet over more lots than one page', () => {
  it('pages on the server and sums the books over every lot of the warehouse, not the page shown', async () => {
    const [expected] = await api.db.query<{ lots: number; pieces: number; pallets: number }>(
      'SELECT count(*)::int AS lots, sum(pieces)::int AS pieces, sum(pallets)::int AS pallets FROM lots WHERE warehouse_id = $1 AND pieces >= 1',
      [warehouseId],
    );
    expect(expected.lots).toBeGreaterThan(EXTRA_LOTS);
    const { data } = await api.call('GET', sheet('pageIndex=2&pageSize=50&sums=1'), { token: admin });
    expect(data.rows).toHaveLength(50);
    expect(data.total).toBe(expected.lots);
    const sums = Object.fromEntries(data.sums.map((s: { field: string; total: number }) => [s.field, s.total]));
    expect(sums).toMatchObject({ pieces: expected.pieces, pallets: expected.pallets });
    expect(data.sums.every((s: { currency: unknown }) => s.currency === null)).toBe(true);
  });

  it('reads whole, page after page of the largest size, each lot once', async () => {
    const seen = new Set<number>();
    let labelled = 0;
    for (let pageIndex = 1; ; pageIndex++) {
      const { data } = await api.call('GET', sheet(`pageIndex=${pageIndex}&pageSize=1000`), { token: admin });
      for (const row of data.rows) {
        seen.add(row.id);
        if (data.labels.skuId[String(row.skuId)]) labelled++;
      }
      if (data.rows.length < 1000) break;
    }
    const [{ n }] = await api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lots WHERE warehouse_id = $1 AND pieces >= 1',
      [warehouseId],
    );
    expect(seen.size).toBe(n);
    expect(labelled).toBe(n);
  });

  it("sums only what the viewer may see: a customer's totals are their own lots'", async () => {
    const own = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
    const [expected] = await api.db.query<{ pieces: number }>(
      'SELECT coalesce(sum(pieces), 0)::int AS pieces FROM lots WHERE warehouse_id = $1 AND pieces >= 1 AND organization_id = $2',
      [warehouseId, own],
    );
    const { data } = await api.call('GET', sheet('sums=1'), { token: shipper });
    expect(data.sums.find((s: { field: string }) => s.field === 'pieces').total).toBe(expected.pieces);
  });

  it('sums money per currency, never across currencies, and refuses sums where nothing is summed', async () => {
    const own = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
    for (const [currency, unitPrice] of [
      [1, 2.5],
      [2, 10.1],
      [2, 0.2],
    ]) {
      const body = {
        organizationId: own,
        warehouseId,
        subType: 302,
        unit: 3,
        quantity: 3,
        unitPrice,
        currency,
        expenseDate: '2026-11-03',
        reason: 'Re-packing',
      };
      expect((await api.call('POST', '/finance/expenses', { token: admin, body })).code).toBe(20000);
    }
    const { data } = await api.call('GET', '/finance/expenses?sums=1&pageSize=1', { token: admin });
    expect(data.rows).toHaveLength(1);
    // Numbers, as every amount answered, summed exactly and rounded to the cent.
    expect(data.sums).toEqual([
      { field: 'amount', currency: '1', total: 7.5 },
      { field: 'amount', currency: '2', total: 30.9 },
    ]);
    const refused = await api.call('GET', '/organizations?sums=1', { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.code).toBe(40001);
  });
});

describe('no part taken for the whole', () => {
  it('refuses more ids than a page holds instead of answering the first 1,000', async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    const refused = await api.call('GET', `/inventory/lots?id_in=${ids}`, { token: admin });
    expect(refused).toMatchObject({ status: 400, code: 40001 });
    expect(refused.data.errors).toEqual([{ field: 'id_in', message: 'No more than 1000 at once.' }]);
    const page = await api.call('GET', `/inventory/lots?id_in=${ids.split(',').slice(0, 1000).join(',')}`, {
      token: admin,
    });
    expect(page.code).toBe(20000);
  });
});
