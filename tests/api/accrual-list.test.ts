import { beforeAll, describe, expect, it } from 'vitest';
import { accrualKeeper } from '../../src/server/workflows/finance/accrual-keeper';
import { fileApi } from '../helpers/api';
import { shipperDemo } from '../helpers/demo';
import { flatStorage, ownFeeModel, stockMoves } from '../helpers/finance';

/**
 * Issue 43: the staff's list of every customer's month so far and forecast reads totals kept per
 * customer, priced again when their stock moves; each row is what the customer's own answer
 * (GET /finance/accruals) says.
 */
const api = fileApi();
const demo = shipperDemo(api);

type Row = { organizationId: number; warehouseId: number; currency: number; toDate: number; forecast: number };
const list = async (query = '', token = demo.admin) => {
  const reply = await api.call('GET', `/finance/accruals/customers${query}`, { token });
  expect(reply.code, reply.message).toBe(20000);
  return reply.data as { month: string; rows: Row[]; total: number; pending: number };
};
/** The list once the keeper has priced every customer marked stale by now. */
const settled = async (query = '', token = demo.admin) => {
  await accrualKeeper(api.app.db, api.app.log).catchUp();
  return list(query, token);
};
const own = async () =>
  (
    await api.call('GET', `/finance/accruals?organizationId=${demo.org}&warehouseId=${demo.warehouse}`, {
      token: demo.admin,
    })
  ).data;

beforeAll(async () => {
  await ownFeeModel(api, demo.admin, { organizationId: demo.org, warehouseId: demo.warehouse }, 'Kept', [
    flatStorage(2),
  ]);
}, 180_000);

describe("every customer's month so far", () => {
  it('lists each customer as their own answer says, and follows their stock', async () => {
    const { month } = await own();
    const moves = stockMoves(api, demo.admin, demo.warehouse);
    await moves.receive(demo.org, demo.sku, 50, 4, `${month}-01`);
    const first = await settled();
    expect(first.month).toBe(month);
    expect(first.pending).toBe(0);
    const mine = () => first.rows.find((r) => r.organizationId === demo.org && r.warehouseId === demo.warehouse);
    const answer = await own();
    expect(mine()).toMatchObject({ currency: 2, toDate: answer.toDate.total, forecast: answer.forecast.total });
    expect(answer.toDate.total).toBeGreaterThan(0);

    // Goods leave: the kept row follows, as the customer's answer does.
    await moves.ship(demo.org, demo.sku, 50, answer.today);
    const after = (await settled()).rows.find(
      (r) => r.organizationId === demo.org && r.warehouseId === demo.warehouse,
    )!;
    const now = await own();
    expect(after).toMatchObject({ toDate: now.toDate.total, forecast: now.forecast.total });
    expect(after.forecast).toBeLessThan(answer.forecast.total);
  });

  it('sorts by what is owed, filters, and shows a cargo owner only their own', async () => {
    const sorted = (await settled('?sort=-forecast')).rows.map((r) => r.forecast);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect((await list(`?warehouseId=${demo.warehouse}`)).rows.every((r) => r.warehouseId === demo.warehouse)).toBe(
      true,
    );
    const theirs = await list('', demo.shipper);
    expect(theirs.rows.length).toBeGreaterThan(0);
    expect(theirs.rows.every((r) => r.organizationId === demo.org)).toBe(true);
    expect((await api.call('GET', '/finance/accruals/customers?month=2026-13', { token: demo.admin })).code).toBe(
      40001,
    );
    expect((await api.call('GET', '/finance/accruals/customers?sort=amount', { token: demo.admin })).code).toBe(40001);
  });
});
