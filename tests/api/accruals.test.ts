import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { shipperDemo, twoOrganizationsWithProducts } from '../helpers/demo';
import { flatStorage, ownFeeModel, stockMoves } from '../helpers/finance';

/**
 * Issue 43: a month's charges as they form. Month to date is what a bill for the same days would
 * charge, to the cent, because it is that bill's computation; the forecast holds today's stock to
 * the month's end. The month is the warehouse's current one, whatever day the suite runs on.
 */
const api = fileApi();
const demo = shipperDemo(api);
let moves: ReturnType<typeof stockMoves>;

/** Storage at 1.50 a pallet a day from day 1, 5.00 a pallet to unload, 3.00 to load. */
const LINES = [
  flatStorage(1.5),
  { feeType: 2, subType: 201, unit: 3, segmentType: 2, segments: [{ from: 1, unitPrice: 5 }] },
  { feeType: 3, subType: 202, unit: 3, segmentType: 2, segments: [{ from: 1, unitPrice: 3 }] },
];

const accruals = async (query: string, token = demo.admin) =>
  api.call('GET', `/finance/accruals?organizationId=${demo.org}&warehouseId=${demo.warehouse}${query}`, { token });

beforeAll(() => {
  moves = stockMoves(api, demo.admin, demo.warehouse);
});

describe('accruals', () => {
  it('charges to date what a bill of the same days would, and forecasts today’s stock to the month’s end', async () => {
    const first = await accruals('');
    expect(first.code, first.message).toBe(20000);
    const { today, month } = first.data;
    const monthFrom = `${month}-01`;
    const monthDays = dayjs(monthFrom).daysInMonth();
    const daysSoFar = dayjs(today).diff(monthFrom, 'day') + 1;
    expect(first.data.from).toBe(monthFrom);

    const model = await ownFeeModel(
      api,
      demo.admin,
      { organizationId: demo.org, warehouseId: demo.warehouse },
      'Accruals',
      LINES,
    );
    await moves.receive(demo.org, demo.sku, 100, 10, monthFrom);

    const formed = (await accruals('')).data;
    const storageToDate = 10 * daysSoFar * 1.5;
    expect(formed.toDate).toEqual({ total: storageToDate + 50, currency: 2 });
    expect(formed.forecast).toEqual({ total: 10 * monthDays * 1.5 + 50, currency: 2 });
    expect(formed.feeModelId).toBe(model.id);
    expect(formed.lines).toEqual([
      { feeType: 1, subType: 101, currency: 2, toDate: storageToDate, forecast: 10 * monthDays * 1.5 },
      { feeType: 2, subType: 201, currency: 2, toDate: 50, forecast: 50 },
    ]);

    // The bill of the same days charges exactly that; while it stands, its days are not accrued again.
    const bill = await api.call('POST', '/finance/bills', {
      token: demo.admin,
      body: { organizationId: demo.org, warehouseId: demo.warehouse, periodFrom: monthFrom, periodTo: today },
    });
    expect(bill.code, bill.message).toBe(20000);
    expect(bill.data).toMatchObject({ storageTotal: storageToDate, inboundTotal: 50, total: formed.toDate.total });
    const billed = (await accruals('')).data;
    expect(billed.from).toBe(dayjs(today).add(1, 'day').format('YYYY-MM-DD'));
    expect(billed.toDate).toEqual({ total: 0, currency: 2 });
    expect(billed.forecast.total).toBe(10 * (monthDays - daysSoFar) * 1.5);
    expect(
      (await api.call('POST', `/finance/bills/${bill.data.id}/cancel`, { token: demo.admin, body: {} })).code,
    ).toBe(20000);
    expect((await accruals('')).data.toDate).toEqual(formed.toDate);

    // Everything leaves today: the forecast is what the month has charged.
    await moves.ship(demo.org, demo.sku, 100, today);
    const emptied = (await accruals('')).data;
    expect(emptied.toDate).toEqual({ total: storageToDate + 50 + 30, currency: 2 });
    expect(emptied.forecast).toEqual(emptied.toDate);

    // A minimum charge above the total makes both up to it, as its own line.
    expect(
      (
        await api.call('PUT', `/finance/feeModels/${model.id}`, {
          token: demo.admin,
          body: { minimumCharge: 100_000, version: model.version },
        })
      ).code,
    ).toBe(20000);
    const topped = (await accruals('')).data;
    expect(topped.toDate).toEqual({ total: 100_000, currency: 2 });
    expect(topped.forecast).toEqual({ total: 100_000, currency: 2 });
    expect(topped.lines.find((l: { feeType: number }) => l.feeType === 9)).toMatchObject({
      toDate: 100_000 - emptied.toDate.total,
    });
  });

  it('answers a month gone by whole, and refuses what it cannot read', async () => {
    const past = await accruals('&month=2020-02');
    expect(past.code, past.message).toBe(20000);
    expect(past.data).toMatchObject({ month: '2020-02', from: '2020-02-01', today: '2020-02-29' });
    expect(past.data.forecast).toEqual(past.data.toDate);
    expect((await accruals('&month=2020-13')).code).toBe(40001);
    expect((await api.call('GET', `/finance/accruals?warehouseId=${demo.warehouse}`, { token: demo.admin })).code).toBe(
      40001,
    );
  });

  it("shows a cargo owner their own organization's and no other's", async () => {
    expect((await accruals('', demo.shipper)).code).toBe(20000);
    const other = (await twoOrganizationsWithProducts(api)).find((id) => id !== demo.org)!;
    const foreign = await api.call('GET', `/finance/accruals?organizationId=${other}&warehouseId=${demo.warehouse}`, {
      token: demo.shipper,
    });
    expect(foreign.code).toBe(40401);
  });
});
