import { beforeAll, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

/** DESIGN 6 under concurrent requests: run on PGlite and, in CI, on PostgreSQL with real row locks. */
let admin: string;
let base: { organizationId: number; warehouseId: number };
let skuId: number;

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  const org = (await api.call('GET', '/organizations?organizationCode=YWBH03', { token: admin })).data.rows[0].id;
  const warehouseId = (await api.call('GET', '/config/warehouses?shortName=HAM-BB', { token: admin })).data.rows[0].id;
  base = { organizationId: org, warehouseId };
  skuId = (await api.call('GET', `/products/skus?organizationId=${org}`, { token: admin })).data.rows[0].id;
});

const post = (path: string, body: object = {}) => api.call('POST', path, { token: admin, body });

it('20 concurrent confirms of one inbound: exactly one succeeds', async () => {
  const { data } = await post('/inventory/inbounds', {
    ...base,
    inboundType: 1,
    products: [{ skuId, pieces: 10, pallets: 1 }],
  });
  await post(`/inventory/inbounds/${data.id}/submit`);
  const replies = await Promise.all(
    Array.from({ length: 20 }, () => post(`/inventory/inbounds/${data.id}/confirm`, { inboundDate: '2026-11-02' })),
  );
  expect(replies.filter((r) => r.code === 20000)).toHaveLength(1);
  expect(replies.filter((r) => r.code === 40901)).toHaveLength(19);
  const [{ pieces }] = await api.db.query<{ pieces: number }>(
    'SELECT pieces FROM inventory WHERE sku_id = $1 AND warehouse_id = $2',
    [skuId, base.warehouseId],
  );
  expect(pieces).toBe(10);
});

it('10 on hand, 20 outbounds of 1 submitted at once: 10 reserve, 10 get 40901; confirming the 10 leaves 0', async () => {
  const outbounds = await Promise.all(
    Array.from({ length: 20 }, () =>
      post('/inventory/outbounds', {
        ...base,
        outboundType: 1,
        requestDate: '2026-11-20',
        products: [{ skuId, pieces: 1 }],
      }),
    ),
  );
  const ids = outbounds.map((o) => o.data.id as number);
  const submits = await Promise.all(ids.map((id) => post(`/inventory/outbounds/${id}/submit`)));
  const accepted = ids.filter((_, i) => submits[i].code === 20000);
  expect(accepted).toHaveLength(10);
  expect(submits.filter((r) => r.code === 40901)).toHaveLength(10);
  const confirms = await Promise.all(
    accepted.map((id) => post(`/inventory/outbounds/${id}/confirm`, { actualDate: '2026-11-22' })),
  );
  expect(confirms.every((r) => r.code === 20000)).toBe(true);
  const [row] = await api.db.query<{ pieces: number; reserved: number }>(
    'SELECT pieces, reserved FROM inventory WHERE sku_id = $1 AND warehouse_id = $2',
    [skuId, base.warehouseId],
  );
  expect(row).toEqual({ pieces: 0, reserved: 0 });
  const [{ sum }] = await api.db.query<{ sum: number }>(
    'SELECT sum(pieces)::int AS sum FROM change_logs WHERE sku_id = $1 AND warehouse_id = $2',
    [skuId, base.warehouseId],
  );
  expect(sum).toBe(0);
});
