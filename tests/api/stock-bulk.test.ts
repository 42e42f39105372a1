import { beforeAll, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { expectStockInvariants } from '../helpers/stock-invariants';

/**
 * Documents of a thousand lines go through confirm and cancel in set-based SQL (workflows/stock.ts):
 * the figures must be those a line-by-line run gives, and concurrent confirms over the same SKUs
 * must neither deadlock nor break DESIGN 6. How fast is `npm run bench`'s to say.
 */
let admin: string;
let base: { organizationId: number; warehouseId: number };
let skus: number[];

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  const organizationId = (await api.call('GET', '/organizations?organizationCode=HD001', { token: admin })).data.rows[0]
    .id;
  const warehouseId = (await api.call('GET', '/config/warehouses?shortName=RTM-BT', { token: admin })).data.rows[0].id;
  base = { organizationId, warehouseId };
  skus = (
    await api.call('GET', `/products/skus?organizationId=${organizationId}&pageSize=10`, { token: admin })
  ).data.rows.map((s: { id: number }) => s.id);
});

const post = (path: string, body: object = {}) => api.call('POST', path, { token: admin, body });
/** On hand and reserved per SKU of the test's organization and warehouse (0 where no row yet). */
const onHand = async () => {
  const rows = await api.db.query<{ sku_id: number; pieces: number; reserved: number }>(
    'SELECT sku_id, pieces, reserved FROM inventory WHERE organization_id = $1 AND warehouse_id = $2',
    [base.organizationId, base.warehouseId],
  );
  return Object.fromEntries(
    skus.map((sku) => {
      const row = rows.find((r) => r.sku_id === sku);
      return [sku, { pieces: row?.pieces ?? 0, reserved: row?.reserved ?? 0 }];
    }),
  );
};

it('confirms an inbound of 1,000 lines into 1,000 lots, and cancels it again', async () => {
  const before = await onHand();
  const products = Array.from({ length: 1000 }, (_, i) => ({
    skuId: skus[i % skus.length],
    pieces: 1 + (i % 7),
    pallets: i % 2,
  }));
  const { data } = await post('/inventory/inbounds', { ...base, inboundType: 1, products });
  await post(`/inventory/inbounds/${data.id}/submit`);
  expect((await post(`/inventory/inbounds/${data.id}/confirm`, { inboundDate: '2026-10-01' })).code).toBe(20000);
  const lots = await api.db.query<{ n: number; pieces: number }>(
    'SELECT count(*)::int AS n, sum(pieces)::int AS pieces FROM lots WHERE inbound_id = $1',
    [data.id],
  );
  expect(lots[0]).toEqual({ n: 1000, pieces: products.reduce((s, p) => s + p.pieces, 0) });
  const linked = await api.db.query<{ n: number }>(
    'SELECT count(DISTINCT lot_id)::int AS n FROM inbound_lines WHERE inbound_id = $1',
    [data.id],
  );
  expect(linked[0].n).toBe(1000);
  await expectStockInvariants(api.db);
  expect((await post(`/inventory/inbounds/${data.id}/cancel`)).code).toBe(20000);
  expect(await onHand()).toEqual(before);
  await expectStockInvariants(api.db);
});

it('confirms an outbound of 1,000 lines first in first out over many lots', async () => {
  const products = Array.from({ length: 1000 }, (_, i) => ({ skuId: skus[i % skus.length], pieces: 3, pallets: 1 }));
  const inbound = await post('/inventory/inbounds', { ...base, inboundType: 1, products });
  await post(`/inventory/inbounds/${inbound.data.id}/submit`);
  await post(`/inventory/inbounds/${inbound.data.id}/confirm`, { inboundDate: '2026-10-02' });
  const before = await onHand();
  const outbound = await post('/inventory/outbounds', {
    ...base,
    outboundType: 1,
    requestDate: '2026-11-20',
    products: products.map((p) => ({ skuId: p.skuId, pieces: 2 })),
  });
  expect((await post(`/inventory/outbounds/${outbound.data.id}/submit`)).code).toBe(20000);
  expect((await post(`/inventory/outbounds/${outbound.data.id}/confirm`, { actualDate: '2026-11-21' })).code).toBe(
    20000,
  );
  const after = await onHand();
  for (const sku of skus)
    expect(after[sku].pieces).toBe(before[sku].pieces - 2 * products.filter((p) => p.skuId === sku).length);
  const [{ taken }] = await api.db.query<{ taken: number }>(
    'SELECT sum(pieces)::int AS taken FROM outbound_takes WHERE outbound_id = $1',
    [outbound.data.id],
  );
  expect(taken).toBe(2000);
  await expectStockInvariants(api.db);
  expect((await post(`/inventory/outbounds/${outbound.data.id}/cancel`)).code).toBe(20000);
  expect(await onHand()).toEqual(before);
  await expectStockInvariants(api.db);
});

it('20 concurrent outbound confirms over the same SKUs: each succeeds or answers 40901, never a deadlock', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 20; i++) {
    const lines = skus.map((_, k) => ({ skuId: skus[(k + i) % skus.length], pieces: 1 }));
    const { data } = await post('/inventory/outbounds', {
      ...base,
      outboundType: 1,
      requestDate: '2026-11-20',
      products: lines,
    });
    if ((await post(`/inventory/outbounds/${data.id}/submit`)).code === 20000) ids.push(data.id);
  }
  expect(ids.length).toBeGreaterThan(0);
  const replies = await Promise.all(
    [...ids, ...ids].map((id) => post(`/inventory/outbounds/${id}/confirm`, { actualDate: '2026-11-22' })),
  );
  expect(replies.filter((r) => r.code === 20000)).toHaveLength(ids.length);
  expect(replies.filter((r) => r.code === 40901)).toHaveLength(ids.length);
  await expectStockInvariants(api.db);
});
