import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { demoLines, shipperPlace } from '../helpers/demo';
import { stockMoves } from '../helpers/finance';
import { mallHelpers } from '../helpers/orders';

let admin: string;
let shipper: string;
let org: number;
let otherOrg: number;
let warehouse: number;
let sku: number;
let otherSku: number;
let moves: ReturnType<typeof stockMoves>;

const api = fileApi();
beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  ({ organizationId: org, warehouseId: warehouse } = await shipperPlace(api, admin, shipper));
  sku = (await api.call('GET', `/products/skus?organizationId=${org}&sort=id&pageSize=1`, { token: admin })).data
    .rows[0].id;
  const other = (await api.call('GET', '/products/skus?sort=-id&pageSize=1', { token: admin })).data.rows[0];
  [otherOrg, otherSku] = [other.organizationId, other.id];
  moves = stockMoves(api, admin, warehouse);
}, 180_000);

const model = (body: object) =>
  api.call('POST', '/finance/feeModels', {
    token: admin,
    body: { name: 'LAX 2026', warehouseId: warehouse, currency: 2, validFrom: '2026-01-01', lines: demoLines, ...body },
  });
const generate = (body: object, token = admin) =>
  api.call('POST', '/finance/bills', { token, body: { warehouseId: warehouse, ...body } });
const act = (id: number, action: string, body: object = {}, token = admin) =>
  api.call('POST', `/finance/bills/${id}/${action}`, { token, body });
/**
 * The organization of each expense's creation event, in the order of `ids`: an expense an effect
 * charges is an event like any other (issue 38), so webhooks and the live Expenses list hear it.
 */
const createdEvents = async (ids: number[]) =>
  (
    await api.db.query<{ organization_id: number }>(
      `SELECT o.organization_id FROM unnest($1::int[]) WITH ORDINALITY AS x(id, n)
         JOIN outbox o ON o.resource = 'expenses' AND o.record_id = x.id::text AND o.type = 'expenses.created'
        ORDER BY x.n`,
      [ids],
    )
  ).map((row) => row.organization_id);

const lines = async (id: number, token = admin) =>
  (await api.call('GET', `/finance/bills/${id}/lines`, { token })).data.rows;

describe('fee models', () => {
  it('refuses overlapping or gapped bands and a second model valid on the same days (40001 on the field)', async () => {
    // Storage free to day 30, then a band from the day given.
    const secondBandFrom = (from: number) =>
      model({
        organizationId: org,
        lines: [
          {
            ...demoLines[0],
            segments: [
              { from: 1, to: 30, unitPrice: 0 },
              { from, unitPrice: 1 },
            ],
          },
        ],
      });
    const overlap = await secondBandFrom(30);
    expect(overlap).toMatchObject({ status: 400, code: 40001 });
    expect(overlap.data.errors).toEqual([
      { field: 'lines.0.segments.1.from', message: 'This segment overlaps the one before.' },
    ]);
    const gap = await secondBandFrom(35);
    expect(gap.data.errors[0].field).toBe('lines.0.segments.1.from');

    const first = await model({ organizationId: org, minimumCharge: 50 });
    expect(first.code, first.message).toBe(20000);
    expect(first.data.lines[0].segments[1]).toEqual({ from: 31, to: 60, unitPrice: 1.2 });
    const twice = await model({ organizationId: org, validFrom: '2026-06-01', validTo: '2026-12-31' });
    expect(twice.data.errors).toEqual([
      { field: 'validFrom', message: 'Another fee model is valid for this organization and warehouse in these dates.' },
    ]);
    // A default for all customers may run beside a customer's own model.
    expect((await model({ name: 'Default', currency: 2 })).code).toBe(20000);
    expect((await model({ name: 'Other', organizationId: otherOrg })).code).toBe(20000);
  });
});

describe('a bill from warehouse events', () => {
  let billId: number;

  it('charges unloading and loading on confirm, then bills storage by pallet-days, expenses and totals', async () => {
    // 10 pallets in on 2026-01-01 (day 1), all out on 2026-02-09 (day 40).
    const inboundId = await moves.receive(org, sku, 100, 10, '2026-01-01');
    const outboundId = await moves.ship(org, sku, 100, '2026-02-09');
    const expenses = (await api.call('GET', `/finance/expenses?organizationId=${org}&sort=id`, { token: admin })).data
      .rows;
    expect(expenses.map((e: any) => [e.subType, e.quantity, e.amount, e.status, e.expenseDate])).toEqual([
      [201, 10, 50, 0, '2026-01-01'],
      [202, 10, 30, 0, '2026-02-09'],
    ]);
    expect(expenses[0].inboundId).toBe(inboundId);
    expect(expenses[1].outboundId).toBe(outboundId);
    expect(await createdEvents(expenses.map((e: { id: number }) => e.id))).toEqual(expenses.map(() => org));

    const draft = await generate({
      organizationId: org,
      periodFrom: '2026-01-01',
      periodTo: '2026-02-28',
      language: 'zh',
    });
    expect(draft.code, draft.message).toBe(20000);
    billId = draft.data.id;
    expect(draft.data.billNo).toMatch(/^BL\d{8}-\d{4}$/);
    // Days 31-40 of 10 pallets at 1.20 = 120.00; unloading 50.00; loading 30.00.
    expect(draft.data).toMatchObject({
      status: 0,
      currency: 2,
      storageTotal: 120,
      inboundTotal: 50,
      outboundTotal: 30,
      otherTotal: 0,
      total: 200,
    });
    const rows = await lines(billId);
    const storage = rows.filter((l: any) => l.subType === 101);
    expect(storage.map((l: any) => [l.segmentFrom, l.segmentTo, l.quantity, l.unitPrice, l.amount])).toEqual([
      [1, 30, 300, 0, 0],
      [31, 60, 100, 1.2, 120],
    ]);
    expect(storage[1].explanation).toEqual([
      expect.objectContaining({
        skuId: sku,
        inboundDate: '2026-01-01',
        pallets: 10,
        dateFrom: '2026-01-31',
        dateTo: '2026-02-09',
        days: 10,
        segmentFrom: 31,
        segmentTo: 60,
        unitPrice: 1.2,
        amount: 120,
      }),
    ]);
    const billed = (await api.call('GET', `/finance/expenses?billId=${billId}`, { token: admin })).data.rows;
    expect(billed).toHaveLength(2);
  });

  it('edits a draft line, regenerates, issues once, and is paid', async () => {
    const rows = await lines(billId);
    const { version } = (await api.call('GET', `/finance/bills/${billId}`, { token: admin })).data;
    const edited = rows.map((l: any) => ({
      id: l.id,
      feeType: l.feeType,
      subType: l.subType ?? undefined,
      unit: l.unit ?? undefined,
      description: l.description ?? '',
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.feeType === 2 ? 45 : l.amount,
    }));
    const put = await api.call('PUT', `/finance/bills/${billId}`, {
      token: admin,
      body: {
        version,
        lines: [
          ...edited.filter((l: any) => l.feeType !== 3),
          { feeType: 9, description: 'Labelling 贴标', quantity: 2, unitPrice: 4, amount: 8 },
        ],
      },
    });
    expect(put.code, put.message).toBe(20000);
    expect(put.data).toMatchObject({ inboundTotal: 45, outboundTotal: 0, otherTotal: 8, total: 173 });
    // The loading expense left the bill and is open again.
    expect((await api.call('GET', `/finance/expenses?billId=${billId}`, { token: admin })).data.rows).toHaveLength(1);
    expect(
      (await api.call('PUT', `/finance/bills/${billId}`, { token: admin, body: { version, lines: [] } })).code,
    ).toBe(40901);
    // What a bill covers is fixed (x-fixed): another period is another bill.
    const moved = await api.call('PUT', `/finance/bills/${billId}`, {
      token: admin,
      body: { version: version + 1, periodTo: '2026-03-31' },
    });
    expect(moved.data.errors).toEqual([
      { field: 'periodTo', message: 'Generate another bill to change the organization, warehouse or period.' },
    ]);

    const again = await act(billId, 'regenerate');
    expect(again.data).toMatchObject({ status: 0, total: 200 });
    expect((await act(billId, 'issue')).data).toMatchObject({ status: 3 });
    const twice = await act(billId, 'issue');
    expect(twice).toMatchObject({ status: 409, code: 40901 });
    expect(twice.message).toBe('This record is now "Issued": "Issue" is not possible. Reload it.');
    expect(
      (await api.call('PUT', `/finance/bills/${billId}`, { token: admin, body: { version: 99, lines: [] } })).code,
    ).toBe(40901);
    const statuses = (await api.call('GET', `/finance/expenses?billId=${billId}`, { token: admin })).data.rows.map(
      (e: any) => e.status,
    );
    expect(statuses).toEqual([3, 3]);

    expect((await act(billId, 'pay', { paidDate: '2026-03-10' })).data.errors).toEqual([
      { field: 'paymentRef', message: 'Please enter the payment reference.' },
    ]);
    expect((await act(billId, 'pay', { paidDate: '2026-03-10', paymentRef: ' TT-20260310 ' })).data).toMatchObject({
      status: 6,
      paidDate: '2026-03-10',
      paymentRef: 'TT-20260310',
    });
    const trail = await api.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'bills' AND entity_id = $1 ORDER BY id",
      [String(billId)],
    );
    expect(trail.map((a) => a.action)).toEqual(['generate', 'edit', 'regenerate', 'issue', 'pay']);
  });

  it('refuses a second bill over any day already billed (40901) and sends a late event to the next bill', async () => {
    const overlap = await generate({ organizationId: org, periodFrom: '2026-02-15', periodTo: '2026-03-31' });
    expect(overlap).toMatchObject({ status: 409, code: 40901 });
    // Received after the bill was issued, dated inside its period: billed with March.
    await moves.receive(org, sku, 20, 2, '2026-02-20');
    const march = await generate({ organizationId: org, periodFrom: '2026-03-01', periodTo: '2026-03-31' });
    expect(march.code, march.message).toBe(20000);
    const marchLines = await lines(march.data.id);
    expect(marchLines.filter((l: any) => l.subType === 201).map((l: any) => l.amount)).toEqual([10]);
    // Lot in on 2026-02-20 is at days 10-40 in March: days 31-40 of 2 pallets at 1.20 = 24.00.
    expect(march.data.storageTotal).toBe(24);
    // 24 + 10 = 34 falls short of the minimum of 50: a line of 16.00 lifts it.
    expect(march.data).toMatchObject({ otherTotal: 16, total: 50 });
    expect((await act(march.data.id, 'cancel')).data.status).toBe(1);
    expect(
      (await api.call('GET', `/finance/expenses?organizationId=${org}&subType=201&status=0`, { token: admin })).data
        .total,
    ).toBe(1);
    expect((await generate({ organizationId: org, periodFrom: '2026-03-01', periodTo: '2026-03-31' })).code).toBe(
      20000,
    );
  });

  it('voids an open manual expense once, with its reason, and never a billed one', async () => {
    const body = {
      organizationId: org,
      warehouseId: warehouse,
      subType: 302,
      unit: 3,
      quantity: 3,
      unitPrice: 2.5,
      currency: 2,
      expenseDate: '2026-04-02',
    };
    // A manual expense says why it is charged.
    expect(
      (await api.call('POST', '/finance/expenses', { token: admin, body })).data.errors.map((e: any) => e.field),
    ).toEqual(['reason']);
    const manual = await api.call('POST', '/finance/expenses', {
      token: admin,
      body: { ...body, reason: 'Re-packing damaged cartons' },
    });
    expect(manual.data).toMatchObject({ feeType: 3, amount: 7.5, source: 9, status: 0 });
    expect((await api.call('POST', `/finance/expenses/${manual.data.id}/void`, { token: admin, body: {} })).code).toBe(
      40001,
    );
    expect(
      (
        await api.call('POST', `/finance/expenses/${manual.data.id}/void`, {
          token: admin,
          // Stored and noted without its surrounding blanks.
          body: { reason: '  Entered twice\n' },
        })
      ).data,
    ).toMatchObject({ status: 1, voidReason: 'Entered twice', reason: 'Re-packing damaged cartons' });
    expect(
      (await api.call('POST', `/finance/expenses/${manual.data.id}/void`, { token: admin, body: { reason: 'again' } }))
        .code,
    ).toBe(40901);
    const trail = await api.db.query<{ action: string; after: unknown }>(
      "SELECT action, after FROM audit_log WHERE entity = 'expenses' AND entity_id = $1 AND action = 'void'",
      [String(manual.data.id)],
    );
    expect(trail).toEqual([{ action: 'void', after: { status: 1, reason: 'Entered twice' } }]);
    const billed = (await api.call('GET', `/finance/expenses?billId=${billId}`, { token: admin })).data.rows[0];
    expect(
      (await api.call('POST', `/finance/expenses/${billed.id}/void`, { token: admin, body: { reason: 'x' } })).code,
    ).toBe(40901);
  });

  it('charges road transport per order when a delivery is dispatched, in the same transaction', async () => {
    const mall = mallHelpers(api, admin);
    await mall.receive(org, warehouse, sku, 20);
    const { delivery } = await mall.deliveryOf(shipper, warehouse, [{ skuId: sku, quantity: 2 }]);
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/dispatch`, admin, {
      vehicle: '8ABC123',
      driver: 'Sam',
      plannedDate: '2026-11-21',
    });
    const transport = (await api.call('GET', `/finance/expenses?organizationId=${org}&subType=402`, { token: admin }))
      .data.rows;
    expect(transport.map((e: any) => [e.deliveryId, e.feeType, e.quantity, e.amount, e.expenseDate, e.source])).toEqual(
      [[delivery.id, 4, 1, 85, '2026-11-21', 3]],
    );
    expect(await createdEvents([transport[0].id])).toEqual([org]);
  });

  it('shows the shipper their own issued and paid bills only, and no fee models or expenses', async () => {
    await moves.receive(otherOrg, otherSku, 10, 1, '2026-01-05');
    const foreign = await generate({ organizationId: otherOrg, periodFrom: '2026-01-01', periodTo: '2026-01-31' });
    await act(foreign.data.id, 'issue');
    const list = (await api.call('GET', '/finance/bills?pageSize=100', { token: shipper })).data;
    expect(list.rows.map((b: any) => [b.organizationId, b.status])).toEqual([[org, 6]]);
    const draft = (await api.call('GET', `/finance/bills?organizationId=${org}&status=0`, { token: admin })).data
      .rows[0];
    expect((await api.call('GET', `/finance/bills/${draft.id}`, { token: shipper })).code).toBe(40401);
    expect((await api.call('GET', `/finance/bills/${draft.id}/lines`, { token: shipper })).code).toBe(40401);
    expect((await api.call('GET', `/finance/bills/${foreign.data.id}`, { token: shipper })).code).toBe(40401);
    expect((await api.call('GET', `/finance/bills/${foreign.data.id}/lines`, { token: shipper })).code).toBe(40401);
    expect((await lines(billId, shipper)).length).toBeGreaterThan(0);
    expect((await api.call('GET', `/finance/billLines?billId=${draft.id}`, { token: shipper })).data?.total ?? 0).toBe(
      0,
    );
    expect((await api.call('GET', '/finance/expenses', { token: shipper })).status).toBe(403);
    expect((await api.call('GET', '/finance/feeModels', { token: shipper })).status).toBe(403);
    expect((await act(billId, 'cancel', {}, shipper)).status).toBe(403);
    expect(
      (await generate({ organizationId: org, periodFrom: '2026-05-01', periodTo: '2026-05-31' }, shipper)).status,
    ).toBe(403);
  });

  it('generates the drafts of many customers in one run, naming those it skips and why', async () => {
    const run = (body: object) =>
      api.call('POST', '/finance/bills/generate', {
        token: admin,
        body: { warehouseId: warehouse, periodFrom: '2027-01-01', periodTo: '2027-01-31', ...body },
      });
    const first = await run({ organizationIds: [org, otherOrg] });
    expect(first.code, first.message).toBe(20000);
    const named = (data: any) => [...data.created, ...data.skipped].map((b: any) => b.organizationId).sort();
    expect(named(first.data)).toEqual([org, otherOrg].sort());
    expect(first.data.created.length).toBeGreaterThan(0);
    const again = await run({ organizationIds: [org, otherOrg] });
    expect(again.data.created).toEqual([]);
    for (const made of first.data.created)
      expect(again.data.skipped).toContainEqual({
        organizationId: made.organizationId,
        reason: 'billed',
        billNo: made.billNo,
      });
    // Ids no row can have are refused on their field, not a failed query.
    expect((await run({ organizationIds: [2 ** 31] })).data.errors).toEqual([
      { field: 'organizationIds', message: expect.any(String) },
    ]);
    expect((await run({ warehouseId: 2 ** 31 })).data.errors).toEqual([
      { field: 'warehouseId', message: 'The selected record does not exist.' },
    ]);
  });

  it('edits a draft to 500 lines in one go: kept, changed, removed and added lines read back in order', async () => {
    const draft = await generate({ organizationId: otherOrg, periodFrom: '2027-06-01', periodTo: '2027-06-30' });
    expect(draft.code, draft.message).toBe(20000);
    const id = draft.data.id;
    const [kept] = await lines(id);
    const gone = { feeType: 9, description: 'Gone', amount: 3 };
    const first = {
      version: draft.data.version,
      lines: [{ id: kept.id, feeType: kept.feeType, description: kept.description ?? '', amount: kept.amount }, gone],
    };
    const firstPut = await api.call('PUT', `/finance/bills/${id}`, { token: admin, body: first });
    expect(firstPut.code, firstPut.message).toBe(20000);
    const dropped = (await lines(id)).filter((l: any) => l.id !== kept.id);
    expect(dropped.map((l: any) => l.description)).toEqual(['Gone']);
    const added = Array.from({ length: 499 }, (_, i) => ({
      feeType: i % 2 ? 9 : 2,
      description: `Pallet-day ${i}`,
      quantity: i + 1,
      unitPrice: 0.25,
      amount: (i + 1) * 0.25,
    }));
    const body = {
      version: draft.data.version + 1,
      lines: [{ id: kept.id, feeType: kept.feeType, description: 'Kept', amount: 7.5 }, ...added],
    };
    const put = await api.call('PUT', `/finance/bills/${id}`, { token: admin, body });
    expect(put.code, put.message).toBe(20000);
    const sum = (feeType: number) =>
      added.filter((l) => l.feeType === feeType).reduce((total, l) => total + l.amount, 0);
    expect(put.data).toMatchObject({
      inboundTotal: sum(2),
      otherTotal: sum(9),
      total: sum(2) + sum(9) + 7.5,
      version: draft.data.version + 2,
    });
    const read = await lines(id);
    expect(read).toHaveLength(500);
    const keptRead = read.find((l: any) => l.id === kept.id);
    expect(keptRead).toMatchObject({ description: 'Kept', amount: 7.5, edited: true });
    // Lines of one fee type read in the order they were sent, each with what it was sent with.
    const byType = (feeType: number) =>
      read
        .filter((l: any) => l.id !== kept.id && l.feeType === feeType)
        .map((l: any) => [l.description, l.quantity, l.unitPrice, l.amount, l.edited]);
    for (const feeType of [2, 9])
      expect(byType(feeType)).toEqual(
        added.filter((l) => l.feeType === feeType).map((l) => [l.description, l.quantity, l.unitPrice, l.amount, true]),
      );
    const [{ count }] = await api.db.query<{ count: string }>(
      'SELECT count(*)::text AS count FROM bill_lines WHERE id = ANY($1::int[])',
      [dropped.map((l: any) => l.id)],
    );
    expect(count).toBe('0');
    const trail = await api.db.query<{ after: { lines: number } }>(
      "SELECT after FROM audit_log WHERE entity = 'bills' AND entity_id = $1 AND action = 'edit' ORDER BY id",
      [String(id)],
    );
    expect(trail.map((a) => a.after.lines)).toEqual([2, 500]);
  });
});
