import { beforeAll, describe, expect, it } from 'vitest';
import { accrualKeeper } from '../../src/server/workflows/finance/accrual-keeper';
import { fileApi } from '../helpers/api';
import { shipperPlace } from '../helpers/demo';
import { flatStorage, ownFeeModel, stockMoves } from '../helpers/finance';

/**
 * Issue 43: the staff's list of every customer's month so far and forecast reads totals kept per
 * customer, priced again when their stock moves; each row is what the customer's own answer
 * (GET /finance/accruals) says.
 */
const api = fileApi();
let admin: string;
let shipper: string;
let org: number;
let warehouse: number;
let sku: number;

type Row = { organizationId: number; warehouseId: number; currency: number; toDate: number; forecast: number };
const list = async (query = '', token = admin) => {
  const reply = await api.call('GET', `/finance/accruals/customers${query}`, { token });
  expect(reply.code, reply.message).toBe(20000);
  return reply.data as { month: string; rows: Row[]; total: number; pending: number };
};
/** The list once the keeper has priced every customer marked stale by now. */
const settled = async (query = '', token = admin) => {
  await accrualKeeper(api.app.db, api.app.log).catchUp();
  return list(query, token);
};
const own = async () =>
  (await api.call('GET', `/finance/accruals?organizationId=${org}&warehouseId=${warehouse}`, { token: admin })).data;

beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  ({ organizationId: org, warehouseId: warehouse } = await shipperPlace(api, admin, shipper));
  sku = (await api.call('GET', `/products/skus?organizationId=${org}&sort=id&pageSize=1`, { token: admin })).data
    .rows[0].id;
  await ownFeeModel(api, admin, { organizationId: org, warehouseId: warehouse }, 'Kept', [flatStorage(2)]);
}, 180_000);

describe("every customer's month so far", () => {
  it('lists each customer as their own answer says, and follows their stock', async () => {
    const { month } = await own();
    const moves = stockMoves(api, admin, warehouse);
    await moves.receive(org, sku, 50, 4, `${month}-01`);
    const first = await settled();
    expect(first.month).toBe(month);
    expect(first.pending).toBe(0);
    const mine = () => first.rows.find((r) => r.organizationId === org && r.warehouseId === warehouse);
    const answer = await own();
    expect(mine()).toMatchObject({ currency: 2, toDate: answer.toDate.total, forecast: answer.forecast.total });
    expect(answer.toDate.total).toBeGreaterThan(0);

    // Goods leave: the kept row follows, as the customer's answer does.
    await moves.ship(org, sku, 50, answer.today);
    const after = (await settled()).rows.find((r) => r.organizationId === org && r.warehouseId === warehouse)!;
    const now = await own();
    expect(after).toMatchObject({ toDate: now.toDate.total, forecast: now.forecast.total });
    expect(after.forecast).toBeLessThan(answer.forecast.total);
  });

  it('sorts by what is owed, filters, and shows a cargo owner only their own', async () => {
    const sorted = (await settled('?sort=-forecast')).rows.map((r) => r.forecast);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect((await list(`?warehouseId=${warehouse}`)).rows.every((r) => r.warehouseId === warehouse)).toBe(true);
    const theirs = await list('', shipper);
    expect(theirs.rows.length).toBeGreaterThan(0);
    expect(theirs.rows.every((r) => r.organizationId === org)).toBe(true);
    expect((await api.call('GET', '/finance/accruals/customers?month=2026-13', { token: admin })).code).toBe(40001);
    expect((await api.call('GET', '/finance/accruals/customers?sort=amount', { token: admin })).code).toBe(40001);
  });
});
