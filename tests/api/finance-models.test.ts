import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { stockMoves } from '../helpers/finance';

/**
 * Fee models that change over time: a bill over a period in which the prices change prices each
 * day by the model valid that day; a period with no model on its last day still bills the days
 * that had one; models of two currencies cannot share a bill. Events in a warehouse without a
 * model go on without an expense, and unloading is charged per container where priced so.
 */
let admin: string;
let orgs: { id: number; sku: number }[];
let lax: number;
let nj: number;

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  const warehouse = async (shortName: string) =>
    (await api.call('GET', `/config/warehouses?shortName=${shortName}`, { token: admin })).data.rows[0].id as number;
  [lax, nj] = [await warehouse('LAX-ONT'), await warehouse('NJ-EDS')];
  orgs = [];
  for (const o of (await api.call('GET', '/organizations?sort=id&pageSize=3', { token: admin })).data.rows)
    orgs.push({
      id: o.id,
      sku: (await api.call('GET', `/products/skus?organizationId=${o.id}&sort=id&pageSize=1`, { token: admin })).data
        .rows[0].id,
    });
}, 180_000);

const ok = <T = any>(reply: { code: number; message: string; data: T }) => {
  expect(reply.code, reply.message).toBe(20000);
  return reply.data;
};
const storage = (segments: object[]) => ({ feeType: 1, subType: 101, unit: 1, segmentType: 1, segments });
/** A fee model (USD unless said) the server takes, as stored. */
const created = async (body: object) =>
  ok(await api.call('POST', '/finance/feeModels', { token: admin, body: { currency: 2, ...body } }));
const bill = (body: object) => api.call('POST', '/finance/bills', { token: admin, body });
/** A customer's bill at a warehouse for a period, as generated. */
const billFor = (organizationId: number, warehouseId: number, periodFrom: string, periodTo: string) =>
  bill({ organizationId, warehouseId, periodFrom, periodTo });
const lines = async (id: number) => ok(await api.call('GET', `/finance/bills/${id}/lines`, { token: admin })).rows;

describe('a period over which the fee model changes', () => {
  it("prices each day by the model valid that day, the customer's own before the default", async () => {
    const [a] = orgs;
    // Own model to 2026-03-10 (days 1-30 free, 31+ at 1.20), the warehouse default from 2026-01-01
    // (0.50 a day from day 1), own again from 2026-03-16 (days 1-30 free, 31-60 at 1.50, 61+ at 2.00).
    await created({
      name: 'Winter',
      organizationId: a.id,
      warehouseId: lax,
      validFrom: '2026-01-01',
      validTo: '2026-03-10',
      lines: [
        storage([
          { from: 1, to: 30, unitPrice: 0 },
          { from: 31, unitPrice: 1.2 },
        ]),
      ],
    });
    await created({
      name: 'Default',
      warehouseId: lax,
      validFrom: '2026-01-01',
      lines: [storage([{ from: 1, unitPrice: 0.5 }])],
    });
    const spring = await created({
      name: 'Spring',
      organizationId: a.id,
      warehouseId: lax,
      validFrom: '2026-03-16',
      minimumCharge: 600,
      lines: [
        storage([
          { from: 1, to: 30, unitPrice: 0 },
          { from: 31, to: 60, unitPrice: 1.5 },
          { from: 61, unitPrice: 2 },
        ]),
      ],
    });
    // 10 pallets in on 2026-01-01: March 1 is day 60 of the lot, March 31 day 90.
    await stockMoves(api, admin, lax).receive(a.id, a.sku, 100, 10, '2026-01-01');

    const march = ok(await billFor(a.id, lax, '2026-03-01', '2026-03-31'));
    // Winter, March 1-10 (days 60-69):  10 pallets x 10 days x 1.20 = 120.00
    // Default, March 11-15 (days 70-74): 10 pallets x  5 days x 0.50 =  25.00
    // Spring, March 16-31 (days 75-90):  10 pallets x 16 days x 2.00 = 320.00
    // 465.00 in all, under Spring's minimum of 600.00: a line of 135.00. Spring alone over the whole
    // month would have made 10 x 1 x 1.50 + 10 x 30 x 2.00 = 615.00.
    expect(march).toMatchObject({ feeModelId: spring.id, currency: 2, storageTotal: 465, otherTotal: 135, total: 600 });
    const rows = await lines(march.id);
    expect(
      rows
        .filter((l: any) => l.subType === 101)
        .map((l: any) => [l.description, l.segmentFrom, l.segmentTo, l.quantity, l.unitPrice, l.amount]),
    ).toEqual([
      ['Default', 1, null, 50, 0.5, 25],
      ['Winter', 31, null, 100, 1.2, 120],
      ['Spring', 61, null, 160, 2, 320],
    ]);
    const explained = rows
      .filter((l: any) => l.subType === 101)
      .flatMap((l: any) =>
        l.explanation.map((d: any) => [d.dateFrom, d.dateTo, d.days, d.pallets, d.unitPrice, d.amount]),
      );
    expect(explained).toEqual([
      ['2026-03-11', '2026-03-15', 5, 10, 0.5, 25],
      ['2026-03-01', '2026-03-10', 10, 10, 1.2, 120],
      ['2026-03-16', '2026-03-31', 16, 10, 2, 320],
    ]);

    // Regenerated, it comes out the same; the Spring model alone prices April, its lines unnamed.
    expect(
      ok(await api.call('POST', `/finance/bills/${march.id}/regenerate`, { token: admin, body: {} })),
    ).toMatchObject({ storageTotal: 465, total: 600 });
    const april = ok(await billFor(a.id, lax, '2026-04-01', '2026-04-30'));
    // Days 91-120 at 2.00: 10 x 30 x 2.00 = 600.00.
    expect(april).toMatchObject({ storageTotal: 600, total: 600 });
    expect((await lines(april.id)).map((l: any) => l.description)).toEqual([null]);
  });

  it('bills the days that had a model when none is valid on the last day of the period', async () => {
    const [, b] = orgs;
    const autumn = await created({
      name: 'Autumn',
      organizationId: b.id,
      warehouseId: nj,
      validFrom: '2026-09-01',
      validTo: '2026-10-10',
      lines: [storage([{ from: 1, unitPrice: 1 }])],
    });
    await stockMoves(api, admin, nj).receive(b.id, b.sku, 30, 3, '2026-10-01');
    // October 1-10 only: 3 pallets x 10 days x 1.00 = 30.00.
    expect(ok(await billFor(b.id, nj, '2026-10-01', '2026-10-31'))).toMatchObject({
      feeModelId: autumn.id,
      storageTotal: 30,
      total: 30,
    });
    const none = await billFor(b.id, nj, '2026-11-01', '2026-11-30');
    expect(none.data.errors).toEqual([
      {
        field: 'organizationId',
        message: 'No fee model is valid for this organization and warehouse on any day of the period.',
      },
    ]);
  });

  it('refuses one bill over models of two currencies, and a run names why it skips the customer', async () => {
    const [, , c] = orgs;
    await created({
      name: 'USD',
      organizationId: c.id,
      warehouseId: nj,
      validFrom: '2026-01-01',
      validTo: '2026-05-19',
      lines: [storage([{ from: 1, unitPrice: 1 }])],
    });
    await created({
      name: 'CNY',
      organizationId: c.id,
      warehouseId: nj,
      currency: 1,
      validFrom: '2026-05-20',
      lines: [storage([{ from: 1, unitPrice: 7 }])],
    });
    const mixed = await billFor(c.id, nj, '2026-05-01', '2026-05-31');
    expect(mixed.data.errors).toEqual([
      {
        field: 'periodTo',
        message:
          'The fee models valid in this period charge in different currencies: bill the days of each currency separately.',
      },
    ]);
    const run = ok(
      await api.call('POST', '/finance/bills/generate', {
        token: admin,
        body: { warehouseId: nj, periodFrom: '2026-05-01', periodTo: '2026-05-31', organizationIds: [c.id] },
      }),
    );
    expect(run).toEqual({ created: [], skipped: [{ organizationId: c.id, reason: 'currencies' }] });
    // Split where the currency changes, each part is a bill of its own currency.
    expect(ok(await billFor(c.id, nj, '2026-05-01', '2026-05-19')).currency).toBe(2);
    expect(ok(await billFor(c.id, nj, '2026-05-20', '2026-05-31')).currency).toBe(1);
  });
});

describe('events and the fee model of their day', () => {
  it('lets an event with no model go on without an expense, and charges unloading per container', async () => {
    const [a] = orgs;
    const first = async (path: string) => (await api.call('GET', path, { token: admin })).data.rows[0].id as number;
    const [hamburg, china, germany] = [
      await first('/config/warehouses?shortName=HAM-BB'),
      await first('/config/countries?code=CHN'),
      await first('/config/countries?code=DEU'),
    ];
    const inbound = async (containers: string[], inboundDate: string) => {
      const shipment = ok(
        await api.call('POST', '/shipments', {
          token: admin,
          body: { organizationId: a.id, shipmentType: 1, originCountryId: china, destinationCountryId: germany },
        }),
      );
      for (const containerNo of containers) {
        const container = ok(
          await api.call('POST', '/shipments/containers', {
            token: admin,
            body: { shipmentId: shipment.id, containerNo, containerType: '40HQ' },
          }),
        );
        ok(
          await api.call('POST', '/shipments/goods', {
            token: admin,
            body: { containerId: container.id, skuId: a.sku, quantity: 10, pieces: 10, pallets: 2 },
          }),
        );
      }
      const doc = ok(
        await api.call('POST', `/shipments/${shipment.id}/inbound`, { token: admin, body: { warehouseId: hamburg } }),
      );
      ok(await api.call('POST', `/inventory/inbounds/${doc.id}/submit`, { token: admin, body: {} }));
      ok(await api.call('POST', `/inventory/inbounds/${doc.id}/confirm`, { token: admin, body: { inboundDate } }));
      return doc.id as number;
    };
    const expensesOf = async (inboundId: number) =>
      ok(
        await api.call('GET', `/finance/expenses?organizationId=${a.id}&warehouseId=${hamburg}&sort=id`, {
          token: admin,
        }),
      ).rows.filter((e: any) => e.inboundId === inboundId);

    // No model in Hamburg yet: the inbound is confirmed, nothing is charged.
    const before = await inbound(['CSQU3054383'], '2026-06-01');
    expect((await api.call('GET', `/inventory/inbounds/${before}`, { token: admin })).data.status).toBe(6);
    expect(await expensesOf(before)).toEqual([]);

    await created({
      name: 'Hamburg',
      organizationId: a.id,
      warehouseId: hamburg,
      currency: 3,
      validFrom: '2026-07-01',
      lines: [{ feeType: 2, subType: 201, unit: 2, segmentType: 2, segments: [{ from: 1, unitPrice: 350 }] }],
    });
    // Two containers at 350.00: 700.00, in the model's currency.
    const after = await inbound(['MSKU9070323', 'TGHU1234567'], '2026-07-02');
    expect(
      (await expensesOf(after)).map((e: any) => [
        e.subType,
        e.unit,
        e.quantity,
        e.unitPrice,
        e.amount,
        e.currency,
        e.expenseDate,
      ]),
    ).toEqual([[201, 2, 2, 350, 700, 3, '2026-07-02']]);
  });
});

describe('what a bill request may carry', () => {
  it('refuses unknown fields, and a run writes its remarks on every bill it makes', async () => {
    const [a, b] = orgs;
    const unknown = await bill({
      organizationId: a.id,
      warehouseId: lax,
      periodFrom: '2026-08-01',
      periodTo: '2026-08-31',
      discount: 5,
    });
    expect(unknown).toMatchObject({ status: 400, code: 40001 });
    expect(unknown.data.errors.map((e: any) => e.field)).toEqual(['discount']);
    const runUnknown = await api.call('POST', '/finance/bills/generate', {
      token: admin,
      body: { warehouseId: lax, periodFrom: '2026-08-01', periodTo: '2026-08-31', discount: 5 },
    });
    expect(runUnknown.data.errors.map((e: any) => e.field)).toEqual(['discount']);

    await stockMoves(api, admin, lax).receive(b.id, b.sku, 10, 1, '2026-08-03');
    const run = ok(
      await api.call('POST', '/finance/bills/generate', {
        token: admin,
        body: {
          warehouseId: lax,
          periodFrom: '2026-08-01',
          periodTo: '2026-08-31',
          organizationIds: [a.id, b.id],
          remarks: 'Payable within 30 days 30 天内付款',
        },
      }),
    );
    expect(run.created.map((c: any) => c.organizationId).sort()).toEqual([a.id, b.id].sort());
    for (const made of run.created)
      expect(ok(await api.call('GET', `/finance/bills/${made.id}`, { token: admin })).remarks).toBe(
        'Payable within 30 days 30 天内付款',
      );
  });
});
