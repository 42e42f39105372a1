import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { announcedInbound, pieceSku, requestedOutbound, shipperPlace } from '../helpers/demo';
import { expectStockInvariants } from '../helpers/stock-invariants';

/**
 * Cycle counts (issue 42): a count takes its lots with their pieces at its start, is counted blind
 * by scans or typed numbers, computes each line's variance net of what moved meanwhile, and posts
 * the variances as adjustments once, never leaving stock below zero or below its reservations.
 */
const api = fileApi();
let admin: string;
let shipper: string;
let counter: string;
let org: number;
let warehouse: number;
let product: number;
let skuNumber = 0;

type Line = {
  id: number;
  lotId: number;
  counted: number | null;
  expected: number | null;
  moved: number | null;
  variance: number | null;
  recounted: boolean;
};

const ok = <T = any>(reply: { code: number; message: string; data: T }) => {
  expect(reply.code, reply.message).toBe(20000);
  return reply.data;
};
const act = (kind: string, id: number, action: string, body: object = {}, token = admin) =>
  api.call('POST', `/inventory/${kind}/${id}/${action}`, { token, body });

/** A SKU of the shipper's with nothing in stock yet, so a count of it holds only the lots a test makes. */
const newSku = async (productId = product) => {
  skuNumber += 1;
  return ok(
    await api.call('POST', '/products/skus', {
      token: admin,
      body: pieceSku({ productId, title: `Count test ${skuNumber}`, barcode: `COUNT-${skuNumber}` }),
    }),
  ) as { id: number; barcode: string };
};

/** Pieces of a SKU received as one lot; the lot's id. */
const receive = async (skuId: number, pieces: number, organizationId = org) => {
  const inbound = ok(
    await api.call('POST', '/inventory/inbounds', {
      token: admin,
      body: announcedInbound({ organizationId, warehouseId: warehouse, products: [{ skuId, pieces, pallets: 2 }] }),
    }),
  );
  ok(await act('inbounds', inbound.id, 'submit'));
  ok(await act('inbounds', inbound.id, 'confirm', { inboundDate: '2026-11-02' }));
  const [lot] = await api.db.query<{ id: number }>('SELECT id FROM lots WHERE inbound_id = $1', [inbound.id]);
  return lot.id;
};

/** An outbound of the SKU's pieces, submitted (reserving them) and, unless told, confirmed. */
const ship = async (skuId: number, pieces: number, confirm = true) => {
  const outbound = ok(
    await api.call('POST', '/inventory/outbounds', {
      token: admin,
      body: requestedOutbound({ organizationId: org, warehouseId: warehouse, products: [{ skuId, pieces }] }),
    }),
  );
  ok(await act('outbounds', outbound.id, 'submit'));
  if (confirm) ok(await act('outbounds', outbound.id, 'confirm', { actualDate: '2026-11-05' }));
  return outbound.id as number;
};

/** A count of these SKUs of the shipper's, started. */
const startedCount = async (skuIds: number[]) => {
  const count = ok(
    await api.call('POST', '/inventory/counts', {
      token: admin,
      body: { warehouseId: warehouse, organizationId: org, skuIds },
    }),
  );
  ok(await act('counts', count.id, 'start'));
  return count.id as number;
};

/** A new SKU with 10 pieces received, and a count of it started. */
const countOfTen = async () => {
  const sku = await newSku();
  await receive(sku.id, 10);
  return { sku, id: await startedCount([sku.id]) };
};

const linesOf = async (countId: number, token = admin) =>
  ok(await api.call('GET', `/inventory/counts/${countId}/lines?pageSize=100`, { token })).rows as Line[];
const type = (countId: number, lineId: number, counted: number, token = admin) =>
  api.call('PATCH', `/inventory/counts/${countId}/lines/${lineId}`, { token, body: { counted } });
const scan = (code: string, pieces?: number) => ({
  id: randomUUID(),
  code,
  at: new Date().toISOString(),
  ...(pieces && { pieces }),
});
const sendScans = (countId: number, scans: object[], token = admin) =>
  api.call('POST', `/inventory/counts/${countId}/scans`, { token, body: { device: 'phone-1', scans } });
const stockOf = async (skuId: number) =>
  ok(await api.call('GET', `/inventory/products?skuId=${skuId}&warehouseId=${warehouse}`, { token: admin })).rows[0];
const lotPieces = async (lotId: number) =>
  (await api.db.query<{ pieces: number }>('SELECT pieces FROM lots WHERE id = $1', [lotId]))[0].pieces;

beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  ({ organizationId: org, warehouseId: warehouse } = await shipperPlace(api, admin, shipper));
  const products = ok(await api.call('GET', `/products?organizationId=${org}&pageSize=1`, { token: admin })).rows;
  product = products[0].id;
  // A counter counts every customer's lots, blind: the count right, not the expected one.
  const role = ok(await api.call('POST', '/system/roles', { token: admin, body: { name: 'counter' } }));
  ok(
    await api.call('PUT', `/system/roles/${role.id}/resources`, {
      token: admin,
      body: {
        resources: ['inventories', 'inventories.counts', 'inventories.counts.count', 'data.allOrganizations'],
      },
    }),
  );
  ok(
    await api.call('POST', '/system/users', {
      token: admin,
      body: { username: 'counter', name: 'Counter', status: 1, roles: ['counter'], password: 'secret1' },
    }),
  );
  counter = await api.login('counter', 'secret1');
}, 180_000);

describe('a cycle count', () => {
  it('finding 9 of 10 pieces, approved, leaves 9 on hand and available, logged as a count adjustment the customer sees', async () => {
    const sku = await newSku();
    const lot = await receive(sku.id, 10);
    const count = ok(
      await api.call('POST', '/inventory/counts', {
        token: admin,
        body: { warehouseId: warehouse, organizationId: org, skuIds: [sku.id] },
      }),
    );
    expect(count).toMatchObject({ status: 0, lineCount: null });
    expect(count.countNo).toMatch(/^CC\d{8}-\d{4}$/);
    expect(ok(await act('counts', count.id, 'start'))).toMatchObject({ status: 3, lineCount: 1, countedLines: 0 });
    const [line] = await linesOf(count.id);
    expect(line).toMatchObject({ lotId: lot, expected: 10, counted: null, variance: null, recounted: false });

    expect(ok(await type(count.id, line.id, 9))).toMatchObject({ counted: 9, moved: 0, recounted: false });
    expect(ok(await act('counts', count.id, 'submit'))).toMatchObject({
      status: 4,
      countedLines: 1,
      differences: 1,
      variancePieces: -1,
    });
    expect((await linesOf(count.id))[0].variance).toBe(-1);
    expect(ok(await act('counts', count.id, 'approve')).status).toBe(6);

    expect(await stockOf(sku.id)).toMatchObject({ pieces: 9, available: 9 });
    expect(await lotPieces(lot)).toBe(9);
    const logs = ok(await api.call('GET', `/inventory/counts/${count.id}/changeLogs`, { token: admin })).rows;
    expect(logs).toMatchObject([
      { changeType: 8, pieces: -1, balanceAfter: 9, lotId: lot, countId: count.id, documentNo: count.countNo },
    ]);
    // The customer reads the adjustment among their stock's changes, with the count that explains it.
    const theirs = ok(await api.call('GET', `/inventory/changeLogs?skuId=${sku.id}&changeType=8`, { token: shipper }));
    expect(theirs.rows).toMatchObject([{ countId: count.id, documentNo: count.countNo, pieces: -1 }]);
    expect(theirs.labels.countId[String(count.id)]).toMatchObject({ countNo: count.countNo });
    // Counts are the staff's: the customer neither lists nor writes them.
    expect((await api.call('GET', '/inventory/counts', { token: shipper })).status).toBe(403);
    expect(
      (await api.call('POST', '/inventory/counts', { token: shipper, body: { warehouseId: warehouse } })).status,
    ).toBe(403);

    const timeline = ok(await api.call('GET', `/inventory/counts/${count.id}/timeline`, { token: admin })).rows;
    expect(timeline.map((s: { action: string }) => s.action)).toEqual([
      'create',
      'start',
      'count',
      'submit',
      'approve',
    ]);
    const events = await api.db.query<{ type: string }>(
      "SELECT type FROM outbox WHERE resource = 'counts' AND record_id = $1 ORDER BY seq",
      [String(count.id)],
    );
    expect(events.map((e) => e.type)).toEqual([
      'counts.created',
      'count.started',
      'count.counted',
      'count.submitted',
      'count.approved',
    ]);
    // Counted within its days, the lot is not in a count of lots not counted for 30 days.
    const fresh = ok(
      await api.call('POST', '/inventory/counts', {
        token: admin,
        body: { warehouseId: warehouse, organizationId: org, skuIds: [sku.id], notCountedForDays: 30 },
      }),
    );
    expect((await act('counts', fresh.id, 'start')).code).toBe(40001);
    await expectStockInvariants(api.db);
  });

  it('takes no outbound confirmed mid-count for a variance, before its lot was counted or after', async () => {
    const [before, after] = [await newSku(), await newSku()];
    const [lotBefore, lotAfter] = [await receive(before.id, 10), await receive(after.id, 10)];
    const id = await startedCount([before.id, after.id]);
    // Shipped before its lot is counted: the counter finds 6, and 6 is what the lot held then.
    await ship(before.id, 4);
    const scanned = ok(await sendScans(id, [scan(`L${lotBefore}`, 6)]));
    expect(scanned.lines).toMatchObject([{ lotId: lotBefore, counted: 6, expected: 10, moved: -4 }]);
    // Counted first, shipped after: the count saw 10, and the outbound took 3 of them since.
    const lineAfter = (await linesOf(id)).find((l) => l.lotId === lotAfter)!;
    ok(await type(id, lineAfter.id, 10));
    await ship(after.id, 3);

    expect(ok(await act('counts', id, 'submit'))).toMatchObject({ differences: 0, variancePieces: 0 });
    expect((await linesOf(id)).map((l) => l.variance)).toEqual([0, 0]);
    ok(await act('counts', id, 'approve'));
    expect([await lotPieces(lotBefore), await lotPieces(lotAfter)]).toEqual([6, 7]);
    expect(ok(await api.call('GET', `/inventory/counts/${id}/changeLogs`, { token: admin })).total).toBe(0);
    await expectStockInvariants(api.db);
  });

  it('applies a concurrent approval once', async () => {
    const { sku, id } = await countOfTen();
    ok(await type(id, (await linesOf(id))[0].id, 9));
    ok(await act('counts', id, 'submit'));
    const answers = await Promise.all([act('counts', id, 'approve'), act('counts', id, 'approve')]);
    expect(answers.map((a) => a.code).sort()).toEqual([20000, 40901]);
    expect((await stockOf(sku.id)).pieces).toBe(9);
    expect(ok(await api.call('GET', `/inventory/counts/${id}/changeLogs`, { token: admin })).total).toBe(1);
    await expectStockInvariants(api.db);
  });

  it('never shows the counter without the expected right what the books say', async () => {
    const { sku, id } = await countOfTen();
    const [line] = await linesOf(id, counter);
    expect(line).toMatchObject({ expected: null, moved: null, variance: null, counted: null });
    const typed = ok(await type(id, line.id, 8, counter));
    expect(typed).toMatchObject({ counted: 8, expected: null, moved: null });
    const scanned = ok(await sendScans(id, [scan(sku.barcode)], counter));
    expect(scanned.lines).toMatchObject([{ counted: 9, expected: null, variance: null }]);
    expect(Object.keys(scanned.scans[0])).not.toContain('over');
    // Nor by narrowing or sorting a list by the figures it may not read.
    for (const query of ['expected=10', 'expected_gte=1', 'variance=0', 'moved=0', 'sort=-expected'])
      expect((await api.call('GET', `/inventory/countLines?countId=${id}&${query}`, { token: counter })).code).toBe(
        40001,
      );
    expect(ok(await api.call('GET', `/inventory/countLines?countId=${id}`, { token: counter })).rows).toMatchObject([
      { expected: null, counted: 9 },
    ]);
    // The counter counts; submitting and approving are a supervisor's.
    expect((await act('counts', id, 'submit', {}, counter)).status).toBe(403);
    ok(await act('counts', id, 'submit'));
    expect(ok(await api.call('GET', `/inventory/counts/${id}`, { token: counter }))).toMatchObject({
      differences: null,
      variancePieces: null,
    });
    expect(ok(await api.call('GET', `/inventory/counts/${id}`, { token: admin }))).toMatchObject({
      differences: 1,
      variancePieces: -1,
    });
    expect((await linesOf(id))[0]).toMatchObject({ expected: 10, variance: -1 });
  });

  it('counts a batch of scans once however often it is sent, refusing what the count does not hold', async () => {
    const [sku, twice, other] = [await newSku(), await newSku(), await newSku()];
    const lot = await receive(sku.id, 10);
    await receive(twice.id, 5);
    await receive(twice.id, 5);
    const outside = await receive(other.id, 5);
    const id = await startedCount([sku.id, twice.id]);
    const batch = [scan(`L${lot}`, 3), scan(sku.barcode), scan(sku.barcode, 2)];
    const first = ok(await sendScans(id, batch));
    expect(first.scans.every((s: { counted: boolean }) => s.counted)).toBe(true);
    expect(first.lines).toMatchObject([{ lotId: lot, counted: 6 }]);
    for (const _ of [1, 2]) expect(ok(await sendScans(id, batch))).toEqual(first);
    const events = await api.db.query(
      "SELECT 1 FROM outbox WHERE resource = 'counts' AND record_id = $1 AND type = 'count.scanned'",
      [String(id)],
    );
    expect(events.length).toBe(1);

    const refused = ok(
      await sendScans(id, [scan('NO-SUCH-CODE'), scan(`L${outside}`), scan(other.barcode), scan(twice.barcode)]),
    );
    expect(refused.scans.map((s: { counted: boolean; refusal: string }) => [s.counted, s.refusal])).toEqual([
      [false, 'unknownCode'],
      [false, 'notOnCount'],
      [false, 'notOnCount'],
      [false, 'manyLots'],
    ]);
    expect(refused.scans.every((s: { message: string | null }) => s.message)).toBe(true);
    expect(refused.lines).toEqual([]);
    expect((await linesOf(id)).find((l) => l.lotId === lot)!.counted).toBe(6);
  });

  it('answers an action its state does not allow with 40901, and a scan after submitting with its refusal', async () => {
    const { sku, id } = await countOfTen();
    const wrong = await act('counts', id, 'start');
    expect([wrong.status, wrong.code]).toEqual([409, 40901]);
    expect((await act('counts', id, 'approve')).code).toBe(40901);
    expect((await act('counts', id, 'submit')).code).toBe(40001);
    const [line] = await linesOf(id);
    ok(await type(id, line.id, 10));
    ok(await act('counts', id, 'submit'));
    expect((await type(id, line.id, 11)).code).toBe(40901);
    const late = ok(await sendScans(id, [scan(sku.barcode)]));
    expect(late.scans[0]).toMatchObject({ counted: false, refusal: 'notCounting' });
    ok(await act('counts', id, 'approve'));
    expect((await act('counts', id, 'cancel')).code).toBe(40901);
    expect((await act('counts', id, 'reject')).code).toBe(40901);
  });

  it('sends the lots that differ back for a recount, keeping those that matched', async () => {
    const [same, short] = [await newSku(), await newSku()];
    const [sameLot, shortLot] = [await receive(same.id, 10), await receive(short.id, 10)];
    const id = await startedCount([same.id, short.id]);
    const lines = await linesOf(id);
    ok(await type(id, lines.find((l) => l.lotId === sameLot)!.id, 10));
    ok(await type(id, lines.find((l) => l.lotId === shortLot)!.id, 7));
    ok(await act('counts', id, 'submit'));
    expect(ok(await act('counts', id, 'reject', { reason: '  Aisle 4 again  ' }))).toMatchObject({
      status: 3,
      rejectReason: 'Aisle 4 again',
      differences: null,
    });
    const reopened = await linesOf(id);
    expect(reopened.find((l) => l.lotId === sameLot)).toMatchObject({ counted: 10, recounted: false, variance: null });
    expect(reopened.find((l) => l.lotId === shortLot)).toMatchObject({ counted: null, recounted: true });
    ok(await sendScans(id, [scan(`L${shortLot}`, 10)]));
    expect(ok(await act('counts', id, 'submit')).differences).toBe(0);
  });

  it('never takes stock below what outbounds reserved, posting nothing', async () => {
    const sku = await newSku();
    const lot = await receive(sku.id, 10);
    const id = await startedCount([sku.id]);
    await ship(sku.id, 10, false);
    ok(await type(id, (await linesOf(id))[0].id, 9));
    ok(await act('counts', id, 'submit'));
    const refused = await act('counts', id, 'approve', {}, admin);
    expect([refused.status, refused.code]).toEqual([409, 40901]);
    expect(refused.message).toContain(`Count test ${skuNumber}`);
    expect(ok(await api.call('GET', `/inventory/counts/${id}`, { token: admin })).status).toBe(4);
    expect(await lotPieces(lot)).toBe(10);
    expect(await stockOf(sku.id)).toMatchObject({ pieces: 10, reserved: 10 });
    await expectStockInvariants(api.db);
  });

  it("leaves a user limited to some customers others' lots: not planned, counted or decided on", async () => {
    const editor = await api.login('editor');
    const managed = (
      await api.db.query<{ id: number }>(
        "SELECT u.organization_id AS id FROM user_organizations u JOIN users x ON x.id = u.user_id WHERE x.username = 'editor'",
      )
    ).map((m) => m.id);
    const places = await api.db.query<{ organization_id: number; product: number; managed: boolean }>(
      `SELECT DISTINCT ON (o.id = ANY($1::int[])) o.id AS organization_id, p.id AS product, o.id = ANY($1::int[]) AS managed
         FROM organizations o JOIN products p ON p.organization_id = o.id ORDER BY o.id = ANY($1::int[]), o.id, p.id`,
      [managed],
    );
    const [mine, theirs] = [places.find((p) => p.managed)!, places.find((p) => !p.managed)!];
    const lotOf = async (place: { organization_id: number; product: number }) => {
      const sku = await newSku(place.product);
      return { sku: sku.id, lot: await receive(sku.id, 5, place.organization_id) };
    };
    const [own, other] = [await lotOf(mine), await lotOf(theirs)];
    // The whole warehouse, as the editor plans it: the lots of the customers they manage.
    const editors = ok(
      await api.call('POST', '/inventory/counts', { token: editor, body: { warehouseId: warehouse } }),
    );
    ok(await act('counts', editors.id, 'start', {}, editor));
    const planned = await api.db.query<{ lot_id: number; organization_id: number }>(
      'SELECT lot_id, organization_id FROM count_lines WHERE count_id = $1',
      [editors.id],
    );
    expect(planned.map((l) => l.lot_id)).toContain(own.lot);
    expect(planned.map((l) => l.lot_id)).not.toContain(other.lot);
    expect(planned.every((l) => managed.includes(l.organization_id))).toBe(true);

    const plan = { warehouseId: warehouse, skuIds: [own.sku, other.sku] };
    const whole = ok(await api.call('POST', '/inventory/counts', { token: admin, body: plan }));
    expect(ok(await act('counts', whole.id, 'start')).lineCount).toBe(2);
    const scanned = ok(await sendScans(whole.id, [scan(`L${own.lot}`, 5), scan(`L${other.lot}`, 5)], editor));
    expect(scanned.scans.map((s: { refusal: string | null }) => s.refusal)).toEqual([null, 'unknownCode']);
    ok(await sendScans(whole.id, [scan(`L${other.lot}`, 4)]));
    // Moving a count that holds another customer's lots is deciding about them.
    for (const action of ['submit', 'cancel'])
      expect((await act('counts', whole.id, action, {}, editor)).status).toBe(403);
    ok(await act('counts', whole.id, 'submit'));
    for (const action of ['approve', 'reject'])
      expect((await act('counts', whole.id, action, {}, editor)).status).toBe(403);
    expect(ok(await act('counts', whole.id, 'approve')).status).toBe(6);
  });

  it("refuses a plan naming another customer's SKU, and a start with no lot in stock", async () => {
    const [foreign] = await api.db.query<{ id: number }>(
      'SELECT id FROM skus WHERE organization_id <> $1 ORDER BY id LIMIT 1',
      [org],
    );
    const planned = await api.call('POST', '/inventory/counts', {
      token: admin,
      body: { warehouseId: warehouse, organizationId: org, skuIds: [foreign.id] },
    });
    expect(planned.code).toBe(40001);
    const empty = ok(
      await api.call('POST', '/inventory/counts', {
        token: admin,
        body: { warehouseId: warehouse, organizationId: org, skuIds: [(await newSku()).id] },
      }),
    );
    const started = await act('counts', empty.id, 'start');
    expect(started.code).toBe(40001);
    expect(ok(await api.call('GET', `/inventory/counts/${empty.id}`, { token: admin })).status).toBe(0);
  });
});
