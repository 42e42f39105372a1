import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { mallHelpers } from '../helpers/orders';

/**
 * Days in the warehouse's time zone: Los Angeles is UTC-8 in November, so 07:30 UTC is 23:30 there
 * on the day before, and 08:30 UTC is 00:30 on the same day as UTC. The app's clock is set to each.
 */
const LA_2330 = new Date('2026-11-27T07:30:00Z');
const LA_0030 = new Date('2026-11-27T08:30:00Z');

let now = LA_2330;
let admin: string;
let shipper: string;
let org: number;
let losAngeles: number;
let shenzhen: number;
let skus: number[];

const api = fileApi({ clock: () => now });
beforeAll(async () => {
  admin = await api.login('admin');
  shipper = await api.login('shipper');
  org = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
  const warehouse = async (shortName: string) =>
    (await api.call('GET', `/config/warehouses?shortName=${shortName}`, { token: admin })).data.rows[0];
  const la = await warehouse('LAX-ONT');
  expect(la.timeZone).toBe('America/Los_Angeles');
  losAngeles = la.id;
  shenzhen = (await warehouse('SZX-YT')).id;
  skus = (
    await api.call('GET', `/products/skus?organizationId=${org}&pageSize=3&sort=id`, { token: admin })
  ).data.rows.map((s: { id: number }) => s.id);
}, 180_000);

const ok = <T = any>(reply: { code: number; message: string; data: T }) => {
  expect(reply.code, reply.message).toBe(20000);
  return reply.data;
};
const post = (path: string, body: object = {}) => api.call('POST', path, { token: admin, body });
const get = async (path: string) => ok(await api.call('GET', path, { token: admin }));

/** A submitted inbound of one pallet, confirmed without a date: the warehouse's today is taken. */
const receive = async (warehouseId: number, skuId: number) => {
  const inbound = ok(
    await post('/inventory/inbounds', {
      organizationId: org,
      warehouseId,
      inboundType: 1,
      products: [{ skuId, pieces: 10, pallets: 1 }],
    }),
  );
  ok(await post(`/inventory/inbounds/${inbound.id}/submit`));
  ok(await post(`/inventory/inbounds/${inbound.id}/confirm`));
  return get(`/inventory/inbounds/${inbound.id}`);
};

describe('a warehouse in Los Angeles', () => {
  it('numbers and dates an inbound on its own day at 23:30 and on the next at 00:30', async () => {
    now = LA_2330;
    const late = await receive(losAngeles, skus[0]);
    expect(late.orderNo).toMatch(/^IN20261126-\d{4}$/);
    expect(late.inboundDate).toBe('2026-11-26');
    // The same instant is already the 27th in Shenzhen.
    expect((await receive(shenzhen, skus[0])).orderNo).toMatch(/^IN20261127-\d{4}$/);

    now = LA_0030;
    const early = await receive(losAngeles, skus[0]);
    expect(early.orderNo).toMatch(/^IN20261127-\d{4}$/);
    expect(early.inboundDate).toBe('2026-11-27');
  });

  it("counts a lot's days in warehouse and storage days on the warehouse's days", async () => {
    now = LA_2330;
    const model = await post('/finance/feeModels', {
      name: 'LAX storage',
      organizationId: org,
      warehouseId: losAngeles,
      currency: 2,
      validFrom: '2026-01-01',
      lines: [{ feeType: 1, subType: 101, unit: 1, segmentType: 1, segments: [{ from: 1, unitPrice: 1 }] }],
    });
    ok(model);
    const inbound = await receive(losAngeles, skus[1]);
    const lots = `/inventory/lots?inboundId=${inbound.id}`;
    expect((await get(lots)).rows[0]).toMatchObject({ inboundDate: '2026-11-26', daysInWarehouse: 0 });

    now = LA_0030;
    expect((await get(lots)).rows[0].daysInWarehouse).toBe(1);
    expect((await get(`${lots}&daysInWarehouse_gte=1`)).total).toBe(1);
    const outbound = ok(
      await post('/inventory/outbounds', {
        organizationId: org,
        warehouseId: losAngeles,
        outboundType: 1,
        requestDate: '2026-11-27',
        notifier: 'Tom',
        products: [{ skuId: skus[1], pieces: 10 }],
      }),
    );
    expect(outbound.orderNo).toMatch(/^OUT20261127-\d{4}$/);
    ok(await post(`/inventory/outbounds/${outbound.id}/submit`));
    ok(await post(`/inventory/outbounds/${outbound.id}/confirm`));
    expect(await get(`/inventory/outbounds/${outbound.id}`)).toMatchObject({
      actualDate: '2026-11-27',
      daysInWarehouse: 1,
    });

    // In at 23:30 on the 26th, out at 00:30 on the 27th, Los Angeles time: two pallet-days (UTC: one).
    now = LA_2330;
    const bill = ok(
      await post('/finance/bills', {
        organizationId: org,
        warehouseId: losAngeles,
        periodFrom: '2026-11-01',
        periodTo: '2026-11-30',
      }),
    );
    expect(bill.billNo).toMatch(/^BL20261126-\d{4}$/);
    const storage = (await get(`/finance/bills/${bill.id}/lines`)).rows.filter((l: any) => l.subType === 101);
    const runs = storage.flatMap((l: any) => l.explanation).filter((run: any) => run.skuId === skus[1]);
    expect(runs).toEqual([expect.objectContaining({ dateFrom: '2026-11-26', dateTo: '2026-11-27', days: 2 })]);
    ok(await post(`/finance/bills/${bill.id}/issue`));
    expect((await get(`/finance/bills/${bill.id}`)).issuedDate).toBe('2026-11-26');
  });
});

describe('a mall order from Los Angeles', () => {
  it("is numbered on the warehouse's day, and so is the outbound its approval makes", async () => {
    const mall = mallHelpers(api, admin);
    now = LA_2330;
    await mall.receive(org, losAngeles, skus[2], 5);
    const order = await mall.checkout(shipper, losAngeles, [{ skuId: skus[2], quantity: 1 }]);
    expect(order.orderNo).toMatch(/^SO20261126-\d{4}$/);
    now = LA_0030;
    const approved = ok(await mall.act(order.id, 'approve'));
    expect((await get(`/inventory/outbounds/${approved.outboundId}`)).orderNo).toMatch(/^OUT20261127-\d{4}$/);
  });
});

describe("a report's default period", () => {
  const period = async (zone?: string) => {
    const reply = await api.call('GET', '/statistics/inventory', {
      token: admin,
      headers: zone ? { 'x-time-zone': zone } : {},
    });
    const { from, to } = ok(reply);
    return [from, to];
  };

  it("ends on the viewer's today, or the business's when the browser names no zone", async () => {
    now = LA_2330;
    expect(await period('America/Los_Angeles')).toEqual(['2026-10-27', '2026-11-26']);
    expect(await period('Asia/Shanghai')).toEqual(['2026-10-28', '2026-11-27']);
    expect(await period()).toEqual(['2026-10-28', '2026-11-27']);
    expect(await period('Nowhere/Atlantis')).toEqual(['2026-10-28', '2026-11-27']);
    now = LA_0030;
    expect(await period('America/Los_Angeles')).toEqual(['2026-10-28', '2026-11-27']);
  });
});

describe("the dashboards' movements per day", () => {
  /** The staff dashboard's movements as a viewer in Los Angeles sees them: pieces in by day. */
  const movedIn = async () => {
    const reply = await api.call('GET', '/statistics/dashboard', {
      token: admin,
      headers: { 'x-time-zone': 'America/Los_Angeles' },
    });
    return Object.fromEntries(ok(reply).movements.map((m: { day: string; inPieces: number }) => [m.day, m.inPieces]));
  };

  it("count a receipt on the warehouse's day, and again on its new days when its zone changes", async () => {
    now = LA_2330;
    const before = await movedIn();
    expect(Object.keys(before).at(-1)).toBe('2026-11-26');
    await receive(losAngeles, skus[0]);
    const after = await movedIn();
    // 07:30 UTC on the 27th is the 26th in Los Angeles: the last day of the viewer's 30.
    expect(after['2026-11-26'] - before['2026-11-26']).toBe(10);
    expect(after).not.toHaveProperty('2026-11-27');

    const la = await get(`/config/warehouses/${losAngeles}`);
    const move = (timeZone: string, version: number) =>
      api.call('PUT', `/config/warehouses/${losAngeles}`, { token: admin, body: { ...la, timeZone, version } });
    // The warehouse's kept days are its change logs' days in whichever zone it is in now.
    const kept = () =>
      api.db.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(pieces)::int AS pieces FROM stock_daily
          WHERE warehouse_id = $1 GROUP BY day ORDER BY day`,
        [losAngeles],
      );
    const logged = (zone: string) =>
      api.db.query(
        `SELECT to_char((created_at AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS day, sum(pieces)::int AS pieces
           FROM change_logs WHERE warehouse_id = $1 GROUP BY 1 ORDER BY 1`,
        [losAngeles, zone],
      );
    const moved = ok(await move('Asia/Shanghai', la.version));
    expect(await kept()).toEqual(await logged('Asia/Shanghai'));
    expect(await kept()).not.toEqual(await logged('America/Los_Angeles'));
    ok(await move('America/Los_Angeles', moved.version));
    expect(await kept()).toEqual(await logged('America/Los_Angeles'));
    expect(await movedIn()).toEqual(after);
  });
});

describe("a warehouse's time zone", () => {
  const warehouse = (body: object, lang?: string) =>
    api.call('POST', '/config/warehouses', {
      token: admin,
      lang,
      body: { name: 'Tokyo Ota', address: 'Ota-ku, Tokyo', status: 1, ...body },
    });

  it('is one the runtime knows, and the business zone when not given', async () => {
    const wrong = await warehouse({ shortName: 'TYO-X', timeZone: 'Mars/Olympus' }, 'zh');
    expect(wrong).toMatchObject({ status: 400, code: 40001 });
    expect(wrong.data.errors).toEqual([{ field: 'timeZone', message: '请从列表中选择时区。' }]);
    expect((await get('/config/warehouses?shortName=TYO-X')).total).toBe(0);
    expect(ok(await warehouse({ shortName: 'TYO-OTA', timeZone: 'Asia/Tokyo' })).timeZone).toBe('Asia/Tokyo');
    expect(ok(await warehouse({ shortName: 'TYO-DEF' })).timeZone).toBe('Asia/Shanghai');
  });
});
