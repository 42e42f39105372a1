import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

/**
 * Hand-written routes whose bodies their handlers used to check by hand are checked by the schema
 * they document (the one compiler): every shape problem is a 40001 naming its field, nested ones
 * by their path, and nothing is written.
 */
let admin: string;
let warehouse: number;
let org: number;

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  warehouse = (await api.call('GET', '/config/warehouses?pageSize=1&sort=id', { token: admin })).data.rows[0].id;
  org = (await api.call('GET', '/organizations?pageSize=1&sort=id', { token: admin })).data.rows[0].id;
}, 180_000);

const count = async (table: string) =>
  (await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

/** The fields a refused body's 40001 names, in order. */
const refused = async (method: string, path: string, body: object) => {
  const reply = await api.call(method, path, { token: admin, body });
  expect(reply, JSON.stringify(reply.data)).toMatchObject({ status: 400, code: 40001 });
  expect(reply.message).not.toMatch(/^validation\./);
  return reply.data.errors.map((e: { field: string }) => e.field).sort();
};

describe('bills and bill runs', () => {
  const period = { periodFrom: '2026-02-01', periodTo: '2026-02-28' };

  it('refuse a bad language, an unknown field or a bad line by the schema, and ignore read-only fields', async () => {
    const before = [await count('bills'), await count('bill_runs')];
    expect(
      await refused('POST', '/finance/bills', {
        organizationId: org,
        warehouseId: warehouse,
        ...period,
        language: 'fr',
        colour: 'red',
      }),
    ).toEqual(['colour', 'language']);
    // A read-only field sent back as read is ignored; only the unknown organization is named.
    expect(
      await refused('POST', '/finance/bills', {
        organizationId: 999_999,
        warehouseId: warehouse,
        ...period,
        billNo: 'B-1',
        status: 6,
        total: 1,
      }),
    ).toEqual(['organizationId']);
    expect(
      await refused('POST', '/finance/bills/generate', {
        warehouseId: warehouse,
        ...period,
        organizationIds: [1, 'x'],
      }),
    ).toEqual(['organizationIds']);
    expect(
      await refused('PUT', '/finance/bills/999999', {
        version: 1,
        lines: [
          { feeType: 7, description: 'x', amount: 1 },
          { description: 'y', amount: 'z' },
        ],
      }),
    ).toEqual(['lines.0.feeType', 'lines.1.amount', 'lines.1.feeType']);
    expect(await refused('PUT', '/finance/bills/999999', { lines: [] })).toEqual(['version']);
    expect(await refused('POST', '/finance/billRuns', { warehouseId: warehouse, ...period, language: 'fr' })).toEqual([
      'language',
    ]);
    expect([await count('bills'), await count('bill_runs')]).toEqual(before);
  });
});

describe('webhook replay', () => {
  it('refuses an instant without its offset, a bad to and an unknown field, before looking the endpoint up', async () => {
    const replay = '/system/webhooks/999999/replay';
    expect(await refused('POST', replay, { from: '2026-01-01T00:00:00' })).toEqual(['from']);
    expect(await refused('POST', replay, { from: '2026-01-01T00:00:00Z', to: 'tomorrow', colour: 'red' })).toEqual([
      'colour',
      'to',
    ]);
    expect(await refused('POST', replay, {})).toEqual(['from']);
    // A body the schema allows reaches the handler: no such endpoint.
    const allowed = await api.call('POST', replay, { token: admin, body: { from: '2026-01-01T00:00:00+08:00' } });
    expect(allowed.status).toBe(404);
  });
});

describe('inbound and outbound plans', () => {
  it('name every shape problem of the header and the lines in one 40001, with the lines it can resolve', async () => {
    const sku = (await api.call('GET', '/products/skus?pageSize=1&sort=id', { token: admin })).data.rows[0];
    const foreign = (await api.call('GET', '/products/skus?pageSize=1&sort=-id', { token: admin })).data.rows[0];
    expect(foreign.organizationId).not.toBe(sku.organizationId);
    const before = await count('inbounds');
    const header = { organizationId: sku.organizationId, warehouseId: warehouse };
    expect(
      await refused('POST', '/inventory/inbounds', {
        ...header,
        inboundType: 3,
        lines: [{ skuId: 'a', pieces: 1 }, { skuId: sku.id, pieces: 1, colour: 'red' }, { pieces: 2 }],
      }),
    ).toEqual(['inboundType', 'lines.0.skuId', 'lines.1.colour', 'lines.2.skuId']);
    // With the header right, a line's foreign SKU is named beside another line's shape problem.
    expect(
      await refused('POST', '/inventory/inbounds', {
        ...header,
        products: [
          { skuId: foreign.id, pieces: 1 },
          { skuId: sku.id, pieces: 1.5 },
        ],
      }),
    ).toEqual(['products.0.skuId', 'products.1.pieces']);
    expect(await count('inbounds')).toBe(before);
    // An edit is compared by its version first: without one nothing is read; with one, the record comes first.
    expect(await refused('PUT', '/inventory/outbounds/999999', { lines: [] })).toEqual(['version']);
    expect(
      (await api.call('PUT', '/inventory/outbounds/999999', { token: admin, body: { version: 1, remarks: 5 } })).status,
    ).toBe(404);
    const made = await api.call('POST', '/inventory/inbounds', { token: admin, body: header });
    expect(made.code, made.message).toBe(20000);
    // Cleared, a required field leaves the stored record incomplete: the merged record is named.
    expect(
      await refused('PUT', `/inventory/inbounds/${made.data.id}`, {
        version: made.data.version,
        warehouseId: null,
        lines: [{ skuId: sku.id, pieces: 0 }],
      }),
    ).toEqual(['lines.0.pieces', 'warehouseId']);
  });
});

describe('order drafts and the cart', () => {
  it('name the shape problems of an order with its lines, and a cart body without its pieces with its others', async () => {
    const shipper = await api.login('shipper');
    const own = (await api.call('GET', '/products/skus?pageSize=1&sort=id', { token: shipper })).data.rows[0];
    const as = (method: string, path: string, body: object) => api.call(method, path, { token: shipper, body });
    const fields = (reply: { code: number; data: { errors: { field: string }[] } }) => {
      expect(reply.code).toBe(40001);
      return reply.data.errors.map((e) => e.field).sort();
    };
    const before = [await count('orders'), await count('cart_lines')];
    // A bad header and bad lines at once: one 40001 naming each, the lines by their path.
    expect(
      fields(
        await as('POST', '/orders', {
          warehouseId: warehouse,
          deliveryType: 5,
          lines: [{ skuId: own.id, pieces: 0 }, { skuId: own.id }],
        }),
      ),
    ).toEqual(['deliveryType', 'lines.0.pieces', 'lines.1.pieces']);
    // A good header: a line of a foreign SKU named after another line's shape problem.
    expect(
      fields(
        await as('POST', '/orders', {
          warehouseId: warehouse,
          deliveryType: 1,
          products: [
            { skuId: own.id, pieces: 'two' },
            { skuId: 999_999, pieces: 1 },
          ],
        }),
      ),
    ).toEqual(['products.0.pieces', 'products.1.skuId']);
    expect(fields(await as('PUT', '/orders/999999', { remarks: 'x' }))).toEqual(['version']);
    expect((await as('PUT', '/orders/999999', { version: 1, remarks: 5 })).status).toBe(404);
    // No pieces under either name, beside a bad warehouse: both in one 40001.
    expect(fields(await as('POST', '/orders/cart', { skuId: own.id, warehouseId: 'main' }))).toEqual([
      'pieces',
      'warehouseId',
    ]);
    expect(fields(await as('POST', '/orders/cart', { skuId: own.id, warehouseId: warehouse, quantity: 0 }))).toEqual([
      'quantity',
    ]);
    expect(fields(await as('PUT', '/orders/cart/999999', { colour: 'red' }))).toEqual(['colour', 'pieces']);
    expect(
      fields(await as('POST', '/orders/cart/checkout', { warehouseId: warehouse, deliveryType: 1, remark: 5 })),
    ).toEqual(['remark']);
    expect((await api.call('POST', '/orders/cart', { token: shipper, raw: '[1]' })).code).toBe(40001);
    expect([await count('orders'), await count('cart_lines')]).toEqual(before);
  });
});
