import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api';

/**
 * Hand-written routes whose bodies their handlers used to check by hand are checked by the schema
 * they document (the one compiler): every shape problem is a 40001 naming its field, nested ones
 * by their path, and nothing is written.
 */
let api: TestApi;
let admin: string;
let warehouse: number;
let org: number;

beforeAll(async () => {
  api = await startApi();
  admin = await api.login('admin');
  warehouse = (await api.call('GET', '/config/warehouses?pageSize=1&sort=id', { token: admin })).data.rows[0].id;
  org = (await api.call('GET', '/organizations?pageSize=1&sort=id', { token: admin })).data.rows[0].id;
}, 180_000);
afterAll(() => api.close());

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
