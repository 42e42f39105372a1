import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { shipperPlace } from '../helpers/demo';

/**
 * Issue 41: scans are records on the server, each counted once by the id its device made: a batch
 * sent three times counts once, two devices' overlapping batches sent together count each scan
 * once, a refused scan changes nothing, and a document no longer awaiting takes no more.
 */
const api = fileApi();
let admin: string;
let colleague: string;
let org: number;
let warehouse: number;
let skus: { id: number; barcode: string }[];
let inbound: number;

type Line = { skuId: number; expected: number; scanned: number; short: number; over: number };
type Result = { id: string; counted: boolean; over: boolean; refusal: string | null; message: string | null };

const scan = (code: string, pieces?: number) => ({
  id: randomUUID(),
  code,
  at: new Date().toISOString(),
  ...(pieces && { pieces }),
});
const send = async (path: string, scans: object[], token = admin, device = 'phone-1') => {
  const reply = await api.call('POST', path, { token, body: { device, scans } });
  expect(reply.code, reply.message).toBe(20000);
  return reply.data as { scans: Result[]; lines: Line[] };
};
const lineOf = (lines: Line[], skuId: number) => lines.find((l) => l.skuId === skuId)!;
/** An inbound of these lines handed to the warehouse: awaiting, the state scans count in. */
const awaitingInbound = async (products: { skuId: number; pieces: number }[]) => {
  const created = await api.call('POST', '/inventory/inbounds', {
    token: admin,
    body: {
      organizationId: org,
      warehouseId: warehouse,
      inboundType: 1,
      products: products.map((p) => ({ ...p, pallets: 1 })),
    },
  });
  expect(created.code, created.message).toBe(20000);
  expect(
    (await api.call('POST', `/inventory/inbounds/${created.data.id}/submit`, { token: admin, body: {} })).code,
  ).toBe(20000);
  return created.data.id as number;
};
/** Confirmed on a day of the test's, then its lots as (SKU, pieces in), in lot order. */
const confirmedLots = async (id: number) => {
  const confirmed = await api.call('POST', `/inventory/inbounds/${id}/confirm`, {
    token: admin,
    body: { inboundDate: '2026-11-02' },
  });
  expect(confirmed.code, confirmed.message).toBe(20000);
  return (
    await api.db.query<{ sku_id: number; pieces_in: number }>(
      'SELECT sku_id, pieces_in FROM lots WHERE inbound_id = $1 ORDER BY id',
      [id],
    )
  ).map((l) => [l.sku_id, l.pieces_in]);
};

beforeAll(async () => {
  admin = await api.login('admin');
  const shipper = await api.login('shipper');
  ({ organizationId: org, warehouseId: warehouse } = await shipperPlace(api, admin, shipper));
  const ids = (
    await api.db.query<{ id: number }>('SELECT id FROM skus WHERE organization_id = $1 ORDER BY id LIMIT 3', [org])
  ).map((r) => r.id);
  skus = ids.map((id, n) => ({ id, barcode: `SCAN-${n}-${id}` }));
  for (const sku of skus) await api.db.query('UPDATE skus SET barcode = $2 WHERE id = $1', [sku.id, sku.barcode]);
  inbound = await awaitingInbound([
    { skuId: skus[0].id, pieces: 150 },
    { skuId: skus[1].id, pieces: 60 },
  ]);
  const user = await api.call('POST', '/system/users', {
    token: admin,
    body: { username: 'colleague', name: 'Colleague', status: 1, roles: ['admin'], password: 'secret1' },
  });
  expect(user.code, user.message).toBe(20000);
  colleague = await api.login('colleague', 'secret1');
}, 180_000);

describe('scans of an inbound', () => {
  it('counts a batch of 200 once however often it is sent', async () => {
    const batch = [
      ...Array.from({ length: 140 }, () => scan(skus[0].barcode)),
      ...Array.from({ length: 60 }, () => scan(skus[1].barcode)),
    ];
    const path = `/inventory/inbounds/${inbound}/scans`;
    const first = await send(path, batch);
    expect(first.scans.every((s) => s.counted && !s.over)).toBe(true);
    for (const _ of [1, 2]) expect(await send(path, batch)).toEqual(first);
    // One event for the batch that added scans (the timeline's and the other phones' live counts), none for its repeats.
    const events = await api.db.query<{ payload: { action: string } }>(
      "SELECT payload FROM outbox WHERE resource = 'inbounds' AND record_id = $1 AND type = 'inbound.scanned'",
      [String(inbound)],
    );
    expect(events.length).toBe(1);
    expect(lineOf(first.lines, skus[0].id)).toMatchObject({ expected: 150, scanned: 140, short: 10, over: 0 });
    expect(lineOf(first.lines, skus[1].id)).toMatchObject({ expected: 60, scanned: 60, short: 0, over: 0 });
  });

  it("counts each scan once when two devices' overlapping batches arrive together, flagging what goes over", async () => {
    const path = `/inventory/inbounds/${inbound}/scans`;
    const scans = Array.from({ length: 50 }, () => scan(skus[0].barcode));
    const [one, two] = await Promise.all([
      send(path, scans.slice(0, 30), admin, 'phone-1'),
      send(path, scans.slice(20), colleague, 'phone-2'),
    ]);
    // The overlap (scans 20 to 29) has one record each: both devices get its one result.
    expect(one.scans.slice(20)).toEqual(two.scans.slice(0, 10));
    const totals = await api.call('GET', `${path}?limit=1000`, { token: admin });
    expect(lineOf(totals.data.lines, skus[0].id)).toMatchObject({ expected: 150, scanned: 190, short: 0, over: 40 });
    const over = totals.data.log.filter((l: { code: string }) => l.code === skus[0].barcode);
    expect(over.length).toBe(190);
    const results = [...one.scans, ...two.scans.slice(10)];
    expect(results.filter((s) => s.over).length).toBe(40);
    expect(totals.data.users.map((u: { scanned: number }) => u.scanned).reduce((a: number, b: number) => a + b)).toBe(
      250,
    );
    expect(totals.data.total).toBe(250);
  });

  it('refuses an unknown code and a SKU not on the document, keeping the refusal, counting nothing', async () => {
    const path = `/inventory/inbounds/${inbound}/scans`;
    const before = (await api.call('GET', path, { token: admin })).data.lines;
    const refused = [scan('NO-SUCH-CODE'), scan(skus[2].barcode)];
    const answer = await send(path, refused);
    expect(answer.scans.map((s) => [s.counted, s.refusal])).toEqual([
      [false, 'unknownCode'],
      [false, 'notOnDocument'],
    ]);
    expect(answer.scans.every((s) => s.message)).toBe(true);
    expect(answer.lines).toEqual(before);
    expect((await send(path, refused)).scans).toEqual(answer.scans);
  });

  it('takes no more once the document is confirmed, and answers only those who may see it', async () => {
    const path = `/inventory/inbounds/${inbound}/scans`;
    // Received as scanned: 190 of the first SKU (40 over), the 60 of the second.
    expect(await confirmedLots(inbound)).toEqual([
      [skus[0].id, 190],
      [skus[1].id, 60],
    ]);
    const late = await send(path, [scan(skus[0].barcode)]);
    expect(late.scans[0]).toMatchObject({ counted: false, refusal: 'notAwaiting' });
    const shipper = await api.login('shipper');
    expect((await api.call('GET', path, { token: shipper })).code).toBe(40301);
    expect(
      (await api.call('POST', path, { token: admin, body: { scans: [{ id: 'x', code: 'A', at: 'now' }] } })).code,
    ).toBe(40001);
    const notAnId = { id: 'not-a-uuid', code: 'A', at: new Date().toISOString() };
    expect((await api.call('POST', path, { token: admin, body: { scans: [notAnId] } })).code).toBe(40001);
    expect((await api.call('GET', '/inventory/inbounds/999999/scans', { token: admin })).code).toBe(40401);
  });
});

describe('an inbound confirmed after scanning', () => {
  it("takes each SKU's scanned pieces over its lines in order, dropping a line none was scanned for", async () => {
    const id = await awaitingInbound([
      { skuId: skus[0].id, pieces: 5 },
      { skuId: skus[0].id, pieces: 5 },
      { skuId: skus[1].id, pieces: 3 },
    ]);
    const answer = await send(
      `/inventory/inbounds/${id}/scans`,
      Array.from({ length: 7 }, () => scan(skus[0].barcode)),
    );
    expect(answer.lines.map((l) => [l.skuId, l.scanned, l.short])).toEqual([
      [skus[0].id, 7, 3],
      [skus[1].id, 0, 3],
    ]);
    expect(await confirmedLots(id)).toEqual([
      [skus[0].id, 5],
      [skus[0].id, 2],
    ]);
  });
});

describe('scans of an outbound', () => {
  /** An outbound of the first SKU handed to the warehouse, its pieces reserved. */
  const submittedOutbound = async (pieces: number) => {
    const outbound = await api.call('POST', '/inventory/outbounds', {
      token: admin,
      body: {
        organizationId: org,
        warehouseId: warehouse,
        outboundType: 1,
        requestDate: '2026-11-03',
        notifier: 'Scan',
        products: [{ skuId: skus[0].id, pieces }],
      },
    });
    expect(outbound.code, outbound.message).toBe(20000);
    const submitted = await api.call('POST', `/inventory/outbounds/${outbound.data.id}/submit`, {
      token: admin,
      body: {},
    });
    expect(submitted.code, submitted.message).toBe(20000);
    return outbound.data.id as number;
  };

  it("counts a lot's label toward its SKU", async () => {
    const [lot] = await api.db.query<{ id: number }>(
      'SELECT id FROM lots WHERE inbound_id = $1 AND sku_id = $2 ORDER BY id LIMIT 1',
      [inbound, skus[0].id],
    );
    const outbound = await submittedOutbound(10);
    const answer = await send(`/inventory/outbounds/${outbound}/scans`, [
      scan(`L${lot.id}`, 10),
      scan(skus[1].barcode),
    ]);
    expect(answer.scans.map((s) => [s.counted, s.refusal])).toEqual([
      [true, null],
      [false, 'notOnDocument'],
    ]);
    expect(lineOf(answer.lines, skus[0].id)).toMatchObject({ expected: 10, scanned: 10, short: 0 });
    expect((answer as unknown as { lots: unknown }).lots).toEqual([{ lotId: lot.id, pieces: 10 }]);
  });

  it('is confirmed as picked: the lots scanned leave, and a scan short of the picks holds the confirm back', async () => {
    const outbound = await submittedOutbound(12);
    const path = `/inventory/outbounds/${outbound}`;
    const picks = (await api.call('GET', `${path}/picks`, { token: admin })).data.rows as {
      lotId: number;
      pieces: number;
    }[];
    await send(`${path}/scans`, [scan(`L${picks[0].lotId}`, 1)]);
    const early = await api.call('POST', `${path}/confirm`, { token: admin, body: {} });
    expect([early.code, early.message]).toEqual([40901, expect.stringContaining('first in first out')]);
    expect((await api.call('GET', path, { token: admin })).data.status).toBe(3);

    await send(`${path}/scans`, [
      ...(picks[0].pieces > 1 ? [scan(`L${picks[0].lotId}`, picks[0].pieces - 1)] : []),
      ...picks.slice(1).map((p) => scan(`L${p.lotId}`, p.pieces)),
    ]);
    const confirmed = await api.call('POST', `${path}/confirm`, { token: admin, body: {} });
    expect(confirmed.code, confirmed.message).toBe(20000);
    const left = await api.db.query<{ lotId: number; pieces: number }>(
      'SELECT lot_id AS "lotId", sum(pieces)::int AS pieces FROM outbound_takes WHERE outbound_id = $1 GROUP BY lot_id ORDER BY lot_id',
      [outbound],
    );
    expect(left).toEqual([...picks].sort((a, b) => a.lotId - b.lotId).map(({ lotId, pieces }) => ({ lotId, pieces })));
  });
});
