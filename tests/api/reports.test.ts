import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { expectDailyTotals, expectStockInvariants } from '../helpers/stock-invariants';

let admin: string;
let editor: string;
let shipper: string;
/** The shipper's organization (managed by the editor) and one the editor does not manage. */
let orgA: number;
let orgB: number;
let warehouse: number;
let sku: { usd: number; cny: number; eur: number };

/**
 * The app's clock stands at noon UTC today: then every zone from UTC-11 to UTC+11 (the warehouse's
 * Los Angeles, the business's Shanghai the dashboards count in) is on the same date as UTC. On the
 * real clock, after 16:00 UTC Shanghai is already on tomorrow and the dashboard's last day is not `today`.
 */
const noon = new Date();
noon.setUTCHours(12, 0, 0, 0);
const day = (daysAgo: number) => new Date(noon.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const today = day(0);

const api = fileApi({ clock: () => new Date(noon) });
beforeAll(async () => {
  [admin, editor, shipper] = await Promise.all(['admin', 'editor', 'shipper'].map((u) => api.login(u)));
  orgA = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
  const [b] = await api.db.query<{ id: number }>(
    `SELECT o.id FROM organizations o WHERE NOT EXISTS (SELECT 1 FROM user_organizations u WHERE u.organization_id = o.id)
       AND NOT EXISTS (SELECT 1 FROM inventory i WHERE i.organization_id = o.id) ORDER BY o.id LIMIT 1`,
  );
  orgB = b.id;
  warehouse = (await api.call('GET', '/config/warehouses?shortName=LAX-ONT', { token: admin })).data.rows[0].id;
  const makeSku = async (organizationId: number, body: object) => {
    const product = await api.call('POST', '/products', {
      token: admin,
      body: { organizationId, shortName: 'Report test', nameCn: '报表测试', chargeUnit: 2, hazardousClass: 0 },
    });
    const created = await api.call('POST', '/products/skus', {
      token: admin,
      body: { productId: product.data.id, title: 'Report SKU', quantityUnit: 7, packingType: 2, ...body },
    });
    expect(created.code).toBe(20000);
    return created.data.id as number;
  };
  sku = {
    usd: await makeSku(orgA, { quantity: 1, unitPrice: 2.5, currency: 2, priceType: 1 }),
    cny: await makeSku(orgA, { quantity: 10, unitPrice: 1.2, currency: 1, priceType: 2 }),
    eur: await makeSku(orgB, { quantity: 1, unitPrice: 3, currency: 3, priceType: 1 }),
  };
});

const act = async (kind: string, id: number, action: string, body: object = {}) => {
  const reply = await api.call('POST', `/inventory/${kind}/${id}/${action}`, { token: admin, body });
  expect(reply.code).toBe(20000);
};
const receive = async (
  organizationId: number,
  inboundDate: string,
  products: { skuId: number; pieces: number; pallets: number }[],
) => {
  const { data } = await api.call('POST', '/inventory/inbounds', {
    token: admin,
    body: { organizationId, warehouseId: warehouse, inboundType: 1, plannedInboundDate: inboundDate, products },
  });
  await act('inbounds', data.id, 'submit');
  await act('inbounds', data.id, 'confirm', { inboundDate });
};
const ship = async (products: { skuId: number; pieces: number; pallets: number }[], confirm: boolean) => {
  const { data } = await api.call('POST', '/inventory/outbounds', {
    token: admin,
    body: {
      organizationId: orgA,
      warehouseId: warehouse,
      outboundType: 1,
      requestDate: today,
      notifier: 'Tom',
      products,
    },
  });
  await act('outbounds', data.id, 'submit');
  if (confirm) await act('outbounds', data.id, 'confirm', { actualDate: today });
};
const report = (path: string, token: string, query: Record<string, string | number>) =>
  api.call('GET', `/statistics/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
    token,
  });

describe('inventory report', () => {
  beforeAll(async () => {
    await receive(orgA, day(10), [
      { skuId: sku.usd, pieces: 100, pallets: 4 },
      { skuId: sku.cny, pieces: 50, pallets: 2 },
    ]);
    await receive(orgA, day(45), [{ skuId: sku.usd, pieces: 30, pallets: 1 }]);
    await receive(orgB, day(100), [{ skuId: sku.eur, pieces: 70, pallets: 3 }]);
    // First in, first out: the 30 of 45 days ago (its pallet with them), then 10 of the newer lot.
    await ship([{ skuId: sku.usd, pieces: 40, pallets: 1 }], true);
    // Submitted only: reserves 5.
    await ship([{ skuId: sku.cny, pieces: 5, pallets: 0 }], false);
  });

  it('adds up per SKU: on hand, reserved, value, ageing and the movements of the period', async () => {
    const { data } = await report('inventory', admin, { organizationId: orgA, from: day(1), to: today });
    expect(data.total).toBe(2);
    const bySku = Object.fromEntries(data.rows.map((r: any) => [r.skuId, r]));
    expect(bySku[sku.usd]).toMatchObject({
      organizationId: orgA,
      warehouseId: warehouse,
      currency: 2,
      onHand: 90,
      reserved: 0,
      available: 90,
      pallets: 4,
      value: 225,
      age0to30: 90,
      age31to60: 0,
      age61to90: 0,
      ageOver90: 0,
      movedIn: 130,
      movedOut: 40,
      skuTitle: 'Report SKU',
    });
    // Price type 2: unit price x pieces x the SKU's quantity (DESIGN 8 C2).
    expect(bySku[sku.cny]).toMatchObject({
      currency: 1,
      onHand: 50,
      reserved: 5,
      available: 45,
      pallets: 2,
      value: 600,
      age0to30: 50,
      movedIn: 50,
      movedOut: 0,
    });
    expect(data.totals).toEqual([
      expect.objectContaining({ currency: 1, onHand: 50, value: 600, movedIn: 50 }),
      expect.objectContaining({ currency: 2, onHand: 90, value: 225, movedIn: 130, movedOut: 40 }),
    ]);
  });

  it('places old stock in its ageing bucket and counts no movement outside the period', async () => {
    const { data } = await report('inventory', admin, { organizationId: orgB, from: '2020-01-01', to: '2020-12-31' });
    expect(data.rows).toEqual([
      expect.objectContaining({
        skuId: sku.eur,
        onHand: 70,
        pallets: 3,
        value: 210,
        ageOver90: 70,
        age0to30: 0,
        movedIn: 0,
        movedOut: 0,
      }),
    ]);
  });

  it('sums per organization and per warehouse without mixing currencies', async () => {
    const { data } = await report('inventory', admin, {
      groupBy: 'organization',
      warehouseId: warehouse,
      from: day(1),
      to: today,
    });
    const mine = data.rows.filter((r: any) => [orgA, orgB].includes(r.organizationId));
    expect(mine.map((r: any) => [r.organizationId, r.currency, r.onHand, r.value])).toEqual(
      [
        [orgA, 1, 50, 600],
        [orgA, 2, 90, 225],
        [orgB, 3, 70, 210],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
    const byWarehouse = await report('inventory', admin, { groupBy: 'warehouse', organizationId: orgA });
    expect(byWarehouse.data.rows.map((r: any) => [r.warehouseId, r.currency, r.onHand])).toEqual([
      [warehouse, 1, 50],
      [warehouse, 2, 90],
    ]);
  });

  it('shows a shipper their own organization alone, in rows and totals; an editor only managed ones', async () => {
    const own = await report('inventory', shipper, { groupBy: 'organization' });
    expect(own.data.rows.map((r: any) => r.organizationId)).toEqual([orgA, orgA]);
    expect(own.data.totals.map((t: any) => [t.currency, t.onHand])).toEqual([
      [1, 50],
      [2, 90],
    ]);
    const foreign = await report('inventory', shipper, { organizationId: orgB });
    expect(foreign.data).toMatchObject({ total: 0, rows: [], totals: [] });
    const managed = await report('inventory', editor, { groupBy: 'organization', pageSize: 1000 });
    expect(managed.data.rows.map((r: any) => r.organizationId)).toContain(orgA);
    expect(managed.data.rows.map((r: any) => r.organizationId)).not.toContain(orgB);
    expect(managed.data.totals.find((t: any) => t.currency === 3)?.onHand ?? 0).toBe(0);
  });

  it('feeds the dashboards from the same balances', async () => {
    const staff = (await api.call('GET', '/statistics/dashboard', { token: admin })).data;
    expect(staff.movements).toHaveLength(30);
    expect(staff.movements.at(-1)).toMatchObject({ day: today });
    expect(staff.movements.at(-1).inPieces).toBeGreaterThanOrEqual(250);
    expect(staff.topCustomers.length).toBeGreaterThan(0);
    const cargo = (await api.call('GET', '/statistics/cargo/dashboard', { token: shipper })).data;
    expect(cargo.movements.at(-1)).toMatchObject({
      day: today,
      inPieces: 180,
      outPieces: 40,
      inPallets: 7,
      outPallets: 1,
    });
    expect(cargo.stock.map((s: any) => [s.skuId, s.pieces, s.daysInWarehouse])).toEqual(
      expect.arrayContaining([
        [sku.usd, 90, 10],
        [sku.cny, 50, 10],
      ]),
    );
    expect((await api.call('GET', '/statistics/dashboard', { token: shipper })).status).toBe(403);
  });

  it("counts the work in hand and the shipper's own orders and unpaid bills alone", async () => {
    const [all] = await api.db.query<{ review: number; transit: number; unpaid: number }>(
      `SELECT (SELECT count(*)::int FROM orders WHERE status = 3) AS review, (SELECT count(*)::int FROM deliveries WHERE status = 3) AS transit,
              (SELECT count(*)::int FROM bills WHERE status = 3) AS unpaid`,
    );
    const counts = (await api.call('GET', '/statistics/counts', { token: admin })).data;
    expect(counts).toMatchObject({
      ordersAwaitingReview: all.review,
      deliveriesInTransit: all.transit,
      billsUnpaid: all.unpaid,
    });
    const own = await api.db.query<{ status: number; orders: number }>(
      'SELECT status, count(*)::int AS orders FROM orders WHERE organization_id = $1 GROUP BY status ORDER BY status',
      [orgA],
    );
    const cargo = (await api.call('GET', '/statistics/cargo/dashboard', { token: shipper })).data;
    expect(cargo.ordersByStatus).toEqual(own);
    await api.db.query(
      `INSERT INTO bills(bill_no, status, organization_id, warehouse_id, period_from, period_to, currency, total, issued_date)
       VALUES ('BL-REPORT-A', 3, $1, $3, '2026-10-01', '2026-10-31', 2, 120.5, '2026-11-01'), ('BL-REPORT-B', 3, $2, $3, '2026-10-01', '2026-10-31', 1, 99, '2026-11-01')`,
      [orgA, orgB, warehouse],
    );
    const bills = (await api.call('GET', '/statistics/cargo/dashboard', { token: shipper })).data.unpaidBills;
    expect(bills.map((b: any) => [b.billNo, b.currency, b.total])).toEqual([['BL-REPORT-A', 2, 120.5]]);
  });

  it('keeps the per-day totals equal to the change logs, also for a 1,000-line confirm', async () => {
    const products = Array.from({ length: 1000 }, (_, i) => ({
      skuId: i % 2 ? sku.usd : sku.cny,
      pieces: 1 + (i % 7),
      pallets: 1,
    }));
    await receive(orgA, today, products);
    await expectStockInvariants(api.db);
    await expectDailyTotals(api.db);
  }, 180_000);

  it('refuses unknown fields, bad dates and unknown groupings with 40001', async () => {
    const reply = await report('inventory', admin, { from: '2026-13-01', groupBy: 'planet', color: 'red' });
    expect(reply).toMatchObject({ status: 400, code: 40001 });
    expect(reply.data.errors.map((e: any) => e.field).sort()).toEqual(['color', 'from', 'groupBy']);
    expect((await report('shipments', admin, { carrierId: 'x' })).status).toBe(400);
  });
});

describe('shipment report', () => {
  beforeAll(async () => {
    const [cn, us] = await api.db.query<{ id: number }>(
      `SELECT id FROM countries WHERE code IN ('CHN', 'USA') ORDER BY code`,
    );
    const shipment = async (
      body: object,
      containers: { containerNo: string; volume: number; grossWeight: number }[] = [],
    ) => {
      const { data, code } = await api.call('POST', '/shipments', {
        token: admin,
        body: { originCountryId: cn.id, destinationCountryId: us.id, ...body },
      });
      expect(code).toBe(20000);
      for (const c of containers)
        expect(
          (
            await api.call('POST', '/shipments/containers', {
              token: admin,
              body: { shipmentId: data.id, containerType: '40HQ', ...c },
            })
          ).code,
        ).toBe(20000);
    };
    await shipment(
      {
        organizationId: orgA,
        shipmentType: 1,
        etd: '2026-01-10',
        eta: '2026-02-10',
        atd: '2026-01-10',
        ata: '2026-02-08',
      },
      [
        { containerNo: 'CSQU3054383', volume: 60.5, grossWeight: 18000 },
        { containerNo: 'MSKU9070323', volume: 30.25, grossWeight: 9000.5 },
      ],
    );
    await shipment({
      organizationId: orgA,
      shipmentType: 3,
      etd: '2026-01-20',
      eta: '2026-01-25',
      atd: '2026-01-20',
      ata: '2026-01-27',
      cargoVolume: 2.5,
    });
    await shipment({ organizationId: orgA, shipmentType: 1, etd: '2026-02-03', eta: '2026-03-01', atd: '2026-02-03' });
    await shipment({ organizationId: orgB, shipmentType: 1, etd: '2026-01-15', eta: '2026-02-15' }, [
      { containerNo: 'TOLU4734787', volume: 33, grossWeight: 12000 },
    ]);
  });

  it('sums shipments, containers, volume, weight and on-time arrivals per month', async () => {
    const { data } = await report('shipments', admin, {
      organizationId: orgA,
      from: '2026-01-01',
      to: '2026-02-28',
      groupBy: 'month',
    });
    expect(data.rows).toEqual([
      expect.objectContaining({
        key: '2026-01',
        shipments: 2,
        containers: 2,
        volume: '93.25',
        weight: '27000.50',
        arrived: 2,
        onTime: 1,
      }),
      expect.objectContaining({
        key: '2026-02',
        shipments: 1,
        containers: 0,
        volume: '0.00',
        weight: '0.00',
        arrived: 0,
        onTime: 0,
      }),
    ]);
    expect(data.totals).toEqual({
      shipments: 3,
      containers: 2,
      volume: '93.25',
      weight: '27000.50',
      arrived: 2,
      onTime: 1,
    });
  });

  it('groups by type and by customer with their labels', async () => {
    const byType = await report('shipments', admin, {
      organizationId: orgA,
      from: '2026-01-01',
      to: '2026-02-28',
      groupBy: 'type',
    });
    expect(byType.data.rows.map((r: any) => [r.key, r.shipments])).toEqual([
      [1, 2],
      [3, 1],
    ]);
    const byCustomer = await report('shipments', admin, {
      from: '2026-01-01',
      to: '2026-02-28',
      groupBy: 'customer',
      shipmentType: 1,
    });
    const mine = byCustomer.data.rows.filter((r: any) => [orgA, orgB].includes(r.key));
    expect(mine.map((r: any) => [r.key, r.shipments, r.volume])).toEqual(
      [
        [orgA, 2, '90.75'],
        [orgB, 1, '33.00'],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
    expect(mine[0].label).toEqual(expect.any(String));
  });

  it('shows a shipper only their own shipments, in rows and totals', async () => {
    const own = await report('shipments', shipper, { from: '2026-01-01', to: '2026-02-28', groupBy: 'customer' });
    expect(own.data.rows.map((r: any) => r.key)).toEqual([orgA]);
    expect(own.data.totals.shipments).toBe(3);
    const foreign = await report('shipments', shipper, { organizationId: orgB });
    expect(foreign.data).toEqual({ rows: [], totals: expect.objectContaining({ shipments: 0, volume: '0.00' }) });
  });
});
