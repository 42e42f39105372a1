import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sumDecimals } from '../../src/domain/money';
import { fileApi } from '../helpers/api';
import { shipperPlace, twoOrganizationsWithProducts } from '../helpers/demo';
import { flatStorage, ownFeeModel, stockMoves } from '../helpers/finance';

/**
 * Issue 43's drill-down: the lot-days behind a month's storage so far add up to its storage
 * amount, and the per-SKU view splits the same storage by SKU, to date and to the month's end.
 */
const api = fileApi();
let admin: string;
let shipper: string;
let org: number;
let warehouse: number;
let skus: number[];

const get = async (path: string, token = admin) => {
  const reply = await api.call('GET', path, { token });
  expect(reply.code, reply.message).toBe(20000);
  return reply.data;
};

beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  ({ organizationId: org, warehouseId: warehouse } = await shipperPlace(api, admin, shipper));
  skus = (await get(`/products/skus?organizationId=${org}&sort=id&pageSize=2`)).rows.map((s: { id: number }) => s.id);
  await ownFeeModel(api, admin, { organizationId: org, warehouseId: warehouse }, 'Drill-down', [flatStorage(1.2345)]);
}, 180_000);

describe("a month's storage, drilled down", () => {
  it('lists the lot-days its amount sums, a page at a time, and splits it by SKU', async () => {
    const place = `organizationId=${org}&warehouseId=${warehouse}`;
    const { month, today } = await get(`/finance/accruals?${place}`);
    const monthFrom = `${month}-01`;
    const moves = stockMoves(api, admin, warehouse);
    await moves.receive(org, skus[0], 30, 3, monthFrom);
    await moves.receive(org, skus[1], 70, 7, monthFrom);
    const accruals = await get(`/finance/accruals?${place}`);
    const storage = accruals.lines.find((l: { subType: number }) => l.subType === 101);
    const daysSoFar = dayjs(today).diff(monthFrom, 'day') + 1;

    const lots = await get(`/finance/accruals/lots?${place}&pageSize=1000`);
    expect(lots.total).toBe(2);
    expect(lots.rows[0]).toMatchObject({
      pallets: 3,
      days: daysSoFar,
      dateFrom: monthFrom,
      dateTo: today,
      unitPrice: 1.2345,
    });
    // Summed as decimals: 11.1105 + 25.9245 is 37.034999… in floating point, 37.04 on the bill.
    expect(Number(sumDecimals(lots.rows.map((r: { amount: number }) => r.amount)))).toBe(storage.toDate);
    const firstPage = await get(`/finance/accruals/lots?${place}&pageSize=1&pageIndex=2`);
    expect(firstPage).toMatchObject({ total: 2, rows: [{ skuId: skus[1], pallets: 7 }] });
    expect(
      (await get(`/finance/accruals/lots?${place}&skuId=${skus[0]}`)).rows.map((r: { skuId: number }) => r.skuId),
    ).toEqual([skus[0]]);

    const perSku = await get(`/finance/accruals/skus?${place}`);
    expect(perSku.rows.map((r: { skuId: number }) => r.skuId)).toEqual([skus[1], skus[0]]);
    expect(perSku.rows[1]).toMatchObject({
      palletDays: 3 * daysSoFar,
      averagePallets: 3,
      unitPrice: 1.2345,
      currency: 2,
    });
    const monthDays = dayjs(monthFrom).daysInMonth();
    expect(perSku.rows[1].forecast).toBeCloseTo(3 * monthDays * 1.2345, 6);
    expect(Number(sumDecimals(perSku.rows.map((r: { forecast: number }) => r.forecast)))).toBe(storage.forecast);
  });

  it('lists the open expenses behind the other charges, each with its document, to the cargo owner too', async () => {
    const place = `organizationId=${org}&warehouseId=${warehouse}`;
    const { month } = await get(`/finance/accruals?${place}`);
    const manual = await api.call('POST', '/finance/expenses', {
      token: admin,
      body: {
        organizationId: org,
        warehouseId: warehouse,
        subType: 201,
        unit: 3,
        quantity: 2,
        unitPrice: 5,
        currency: 2,
        expenseDate: `${month}-01`,
        reason: 'Extra unloading',
      },
    });
    expect(manual.code, manual.message).toBe(20000);
    const accruals = await get(`/finance/accruals?${place}`, shipper);
    const unloading = accruals.lines.find((l: { subType: number }) => l.subType === 201);
    const listed = await get(`/finance/accruals/expenses?${place}&subType=201`, shipper);
    expect(listed.rows.map((r: { id: number }) => r.id)).toContain(manual.data.id);
    expect(listed.rows.find((r: { id: number }) => r.id === manual.data.id)).toMatchObject({
      amount: 10,
      toDate: true,
      feeType: 2,
      currency: 2,
    });
    const sum = listed.rows.reduce((s: number, r: { amount: number }) => s + r.amount, 0);
    expect(Math.round(sum * 100) / 100).toBe(unloading.toDate);
    expect((await get(`/finance/accruals/expenses?${place}&subType=402`, shipper)).total).toBe(0);
  });

  it("answers another organization's to nobody but staff, and refuses what it cannot read", async () => {
    const other = (await twoOrganizationsWithProducts(api)).find((id) => id !== org);
    const theirs = `organizationId=${other}&warehouseId=${warehouse}`;
    expect((await api.call('GET', `/finance/accruals/lots?${theirs}`, { token: shipper })).code).toBe(40401);
    expect((await api.call('GET', `/finance/accruals/skus?${theirs}`, { token: shipper })).code).toBe(40401);
    expect((await api.call('GET', `/finance/accruals/expenses?${theirs}`, { token: shipper })).code).toBe(40401);
    expect((await api.call('GET', `/finance/accruals/lots?${theirs}`, { token: admin })).code).toBe(20000);
    expect((await api.call('GET', `/finance/accruals/skus?warehouseId=${warehouse}`, { token: admin })).code).toBe(
      40001,
    );
    expect((await api.call('GET', `/finance/accruals/lots?${theirs}&pageSize=5000`, { token: admin })).code).toBe(
      40001,
    );
  });
});
