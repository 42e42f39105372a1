import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { shipperDemo } from '../helpers/demo';
import { ownFeeModel, stockMoves } from '../helpers/finance';
import { mallHelpers } from '../helpers/orders';
import { otherHandle } from '../helpers/other-instance';
import { expectStockInvariants } from '../helpers/stock-invariants';
import type { Queryable } from '../../src/server/db/types';

/**
 * Issue 42, returns (RMA): a cargo owner requests one, staff approve and receive it, and what
 * arrives becomes stock again (restocked), stock on hold (quarantined) or nothing (disposed), with
 * its change logs, its handling fee, its audit rows and events.
 */
const api = fileApi();
const demo = shipperDemo(api);
let outbound: number;

const ok = <T = any>(reply: { code: number; message: string; data: T }) => {
  expect(reply.code, reply.message).toBe(20000);
  return reply.data;
};
const act = (id: number, action: string, body: object = {}, token = demo.admin) =>
  api.call('POST', `/inventory/returns/${id}/${action}`, { token, body });
const request = (body: object, token = demo.shipper) =>
  api.call('POST', '/inventory/returns', { token, body: { warehouseId: demo.warehouse, ...body } });
const stockOf = async (skuId: number) =>
  (await api.call('GET', `/inventory/products?skuId=${skuId}&warehouseId=${demo.warehouse}`, { token: demo.admin }))
    .data.rows[0] as { pieces: number; available: number; held: number };
const rowsOf = async (path: string, token = demo.admin) => ok(await api.call('GET', path, { token })).rows as any[];
const waitingOnLocks = async (tx: Queryable) =>
  (
    await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )
  )[0].n;
const outboxTypes = async (id: number) =>
  (
    await api.db.query<{ type: string }>(
      "SELECT type FROM outbox WHERE resource = 'returns' AND record_id = $1 ORDER BY seq",
      [String(id)],
    )
  ).map((r) => r.type);

/** A return of one line of the SKU asked by the shipper, approved by staff: its id and its line's. */
const approvedReturn = async (pieces: number, reason = 1) => {
  const made = ok(await request({ lines: [{ skuId: demo.sku, pieces, reason }] }));
  ok(await act(made.id, 'submit', {}, demo.shipper));
  ok(await act(made.id, 'approve'));
  return { id: made.id as number, lineId: made.lines[0].id as number };
};

beforeAll(async () => {
  await ownFeeModel(api, demo.admin, { organizationId: demo.org, warehouseId: demo.warehouse }, 'Returns', [
    { feeType: 2, subType: 203, unit: 4, segmentType: 2, segments: [{ from: 1, unitPrice: 7.5 }] },
  ]);
  const moves = stockMoves(api, demo.admin, demo.warehouse);
  await moves.receive(demo.org, demo.sku, 10, 1, '2026-01-05');
  outbound = await moves.ship(demo.org, demo.sku, 3, '2026-01-06');
}, 180_000);

describe('a return', () => {
  it('of 3 pieces received as 2 restocked and 1 disposed puts 2 back, logs the disposal and charges handling', async () => {
    const before = await stockOf(demo.sku);
    const made = ok(await request({ outboundId: outbound, lines: [{ skuId: demo.sku, pieces: 3, reason: 1 }] }));
    expect(made).toMatchObject({ status: 0, organizationId: demo.org, outboundId: outbound, pieces: 3 });
    expect(made.returnNo).toMatch(/^RMA\d{8}-\d{4}$/);
    expect(ok(await act(made.id, 'submit', {}, demo.shipper)).status).toBe(3);
    expect((await act(made.id, 'approve', {}, demo.shipper)).status).toBe(403);
    expect((await act(made.id, 'receive', { lines: [{ lineId: made.lines[0].id, restocked: 3 }] })).code).toBe(40901);
    expect(ok(await act(made.id, 'approve')).status).toBe(4);

    const received = ok(
      await act(made.id, 'receive', { lines: [{ lineId: made.lines[0].id, restocked: 2, disposed: 1 }] }),
    );
    expect(received).toMatchObject({ status: 6, receivedPieces: 3 });
    expect(await stockOf(demo.sku)).toMatchObject({ pieces: before.pieces + 2, available: before.available + 2 });
    const logs = await rowsOf(`/inventory/returns/${made.id}/changeLogs?sort=id`);
    expect(logs.map((l) => [l.changeType, l.pieces, l.returnReason])).toEqual([
      [6, 2, 1],
      [6, 1, 1],
      [7, -1, 1],
    ]);
    const lots = await rowsOf(`/inventory/returns/${made.id}/lots?sort=id`);
    expect(lots.map((l) => [l.hold, l.piecesIn, l.pieces, l.inboundDate])).toEqual([
      [0, 2, 2, received.receivedDate],
      [1, 1, 0, received.receivedDate],
    ]);
    const [line] = await rowsOf(`/inventory/returns/${made.id}/lines`);
    expect(line).toMatchObject({ pieces: 3, restocked: 2, quarantined: 0, disposed: 1, difference: 0 });
    const fees = await rowsOf(`/inventory/returns/${made.id}/expenses`);
    expect(fees.map((e) => [e.subType, e.source, e.amount])).toEqual([[203, 5, 7.5]]);
    expect(await outboxTypes(made.id)).toEqual([
      'returns.created',
      'return.requested',
      'return.approved',
      'return.received',
    ]);
    // Linked both ways, and a done return moves no more.
    expect((await rowsOf(`/inventory/outbounds/${outbound}/returns`)).map((r) => r.id)).toContain(made.id);
    expect(await act(made.id, 'receive', { lines: [{ lineId: line.id, restocked: 1 }] })).toMatchObject({
      status: 409,
      code: 40901,
    });
    expect((await act(made.id, 'cancel')).code).toBe(40901);
    await expectStockInvariants(api.db);
  });

  it('holds quarantined pieces on hand but not available until the lot is released or disposed of', async () => {
    const before = await stockOf(demo.sku);
    const { id, lineId } = await approvedReturn(5, 2);
    const done = ok(await act(id, 'receive', { lines: [{ lineId, restocked: 1, quarantined: 3 }] }));
    expect(done.receivedPieces).toBe(4);
    expect((await rowsOf(`/inventory/returns/${id}/lines`))[0]).toMatchObject({ pieces: 5, difference: -1 });
    const held = await stockOf(demo.sku);
    expect(held).toMatchObject({
      pieces: before.pieces + 4,
      held: before.held + 3,
      available: before.available + 1,
    });
    // First in first out never takes a held lot: an outbound of more than is available is refused.
    const tooMuch = ok(
      await api.call('POST', '/inventory/outbounds', {
        token: demo.admin,
        body: {
          organizationId: demo.org,
          warehouseId: demo.warehouse,
          outboundType: 1,
          requestDate: '2026-02-01',
          lines: [{ skuId: demo.sku, pieces: held.available + 1 }],
        },
      }),
    );
    expect(
      (await api.call('POST', `/inventory/outbounds/${tooMuch.id}/submit`, { token: demo.admin, body: {} })).code,
    ).toBe(40901);
    const [lot] = (await rowsOf(`/inventory/returns/${id}/lots`)).filter((l) => l.hold === 3);
    expect(
      (await api.call('POST', `/inventory/lots/${lot.id}/release`, { token: demo.shipper, body: {} })).status,
    ).toBe(403);
    expect(ok(await api.call('POST', `/inventory/lots/${lot.id}/release`, { token: demo.admin, body: {} })).hold).toBe(
      0,
    );
    expect(await stockOf(demo.sku)).toMatchObject({ held: before.held, available: before.available + 4 });

    const again = await approvedReturn(2, 9);
    ok(await act(again.id, 'receive', { lines: [{ lineId: again.lineId, quarantined: 2 }] }));
    const [second] = await rowsOf(`/inventory/returns/${again.id}/lots`);
    expect(
      ok(await api.call('POST', `/inventory/lots/${second.id}/dispose`, { token: demo.admin, body: {} })).hold,
    ).toBe(1);
    expect(await stockOf(demo.sku)).toMatchObject({ pieces: before.pieces + 4, held: before.held });
    const logs = await rowsOf(`/inventory/returns/${again.id}/changeLogs?sort=id`);
    expect(logs.map((l) => [l.changeType, l.pieces])).toEqual([
      [6, 2],
      [7, -2],
    ]);
    await expectStockInvariants(api.db);
  });

  // Row locks are real on PostgreSQL only: PGlite runs one transaction at a time.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "releases a held lot taking its inventory row before the lot, as a count's approval takes them",
    async () => {
      const { id, lineId } = await approvedReturn(1, 2);
      ok(await act(id, 'receive', { lines: [{ lineId, quarantined: 1 }] }));
      const [lot] = await rowsOf(`/inventory/returns/${id}/lots`);
      const [{ inventoryId }] = await api.db.query<{ inventoryId: number }>(
        'SELECT inventory_id AS "inventoryId" FROM lots WHERE id = $1',
        [lot.id],
      );
      const other = await otherHandle(api.db);
      // The release is handed out wrapped: a returned promise would keep this transaction open for it.
      const { pending } = await other.transaction(async (tx) => {
        await tx.query('SELECT id FROM inventory WHERE id = $1 FOR UPDATE', [inventoryId]);
        const pending = api.call('POST', `/inventory/lots/${lot.id}/release`, { token: demo.admin, body: {} });
        await expect.poll(() => waitingOnLocks(tx), { timeout: 10_000 }).toBe(1);
        // Had the release locked the lot first, this would be the circle a count's approval closes.
        await tx.query('SELECT id FROM lots WHERE id = $1 FOR UPDATE NOWAIT', [lot.id]);
        return { pending };
      });
      expect(ok(await pending).hold).toBe(0);
      await other.close();
      await expectStockInvariants(api.db);
    },
  );

  it("is the cargo owner's own: another organization's answers 404 and cannot be named", async () => {
    const other = (await rowsOf('/organizations?organizationCode=NBHS02'))[0].id;
    const otherSku = (await rowsOf(`/products/skus?organizationId=${other}&pageSize=1`))[0].id;
    const theirs = ok(
      await request({ organizationId: other, lines: [{ skuId: otherSku, pieces: 1, reason: 3 }] }, demo.admin),
    );
    expect((await api.call('GET', `/inventory/returns/${theirs.id}`, { token: demo.shipper })).status).toBe(404);
    expect((await act(theirs.id, 'submit', {}, demo.shipper)).status).toBe(404);
    expect((await api.call('GET', `/inventory/returns/${theirs.id}/lines`, { token: demo.shipper })).status).toBe(404);
    const mine = await rowsOf('/inventory/returns?pageSize=1000', demo.shipper);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.organizationId === demo.org)).toBe(true);
    const forged = await request({ organizationId: other, lines: [{ skuId: otherSku, pieces: 1, reason: 3 }] });
    expect(forged.data.errors).toEqual([{ field: 'organizationId', message: 'The selected record does not exist.' }]);
    // An outbound of another organization is not the goods of this return.
    const foreign = await request(
      { organizationId: other, outboundId: outbound, lines: [{ skuId: otherSku, pieces: 1, reason: 3 }] },
      demo.admin,
    );
    expect(foreign.data.errors.map((e: { field: string }) => e.field)).toEqual(['outboundId']);
  });

  it('refuses bad input with 40001 and changes nothing; rejects with a reason, cancels before approval', async () => {
    const bad = await request({ lines: [{ skuId: demo.sku, pieces: 0, reason: 4 }] });
    expect(bad.code).toBe(40001);
    const { id, lineId } = await approvedReturn(2);
    const before = await stockOf(demo.sku);
    for (const lines of [
      [{ lineId: lineId + 1000, restocked: 1 }],
      [
        { lineId, restocked: 1 },
        { lineId, disposed: 1 },
      ],
      [{ lineId, restocked: -1 }],
      [],
    ]) {
      const refused = await act(id, 'receive', { lines });
      expect(refused.code, JSON.stringify(lines)).toBe(40001);
    }
    expect(ok(await api.call('GET', `/inventory/returns/${id}`, { token: demo.admin })).status).toBe(4);
    expect(await rowsOf(`/inventory/returns/${id}/lots`)).toEqual([]);
    expect(await rowsOf(`/inventory/returns/${id}/changeLogs`)).toEqual([]);
    expect(await stockOf(demo.sku)).toEqual(before);

    const asked = ok(await request({ lines: [{ skuId: demo.sku, pieces: 1, reason: 2 }] }));
    ok(await act(asked.id, 'submit', {}, demo.shipper));
    expect((await act(asked.id, 'reject', { reason: '  ' })).code).toBe(40001);
    const rejected = ok(await act(asked.id, 'reject', { reason: ' Past 30 days ' }));
    expect(rejected).toMatchObject({ status: 2, rejectReason: 'Past 30 days' });
    const draft = ok(await request({ lines: [{ skuId: demo.sku, pieces: 1, reason: 3 }] }));
    const edited = ok(
      await api.call('PUT', `/inventory/returns/${draft.id}`, {
        token: demo.shipper,
        body: { version: draft.version, remarks: 'Two cartons', lines: [{ skuId: demo.sku, pieces: 4, reason: 1 }] },
      }),
    );
    expect(edited).toMatchObject({ pieces: 4, remarks: 'Two cartons', lines: [{ pieces: 4, reason: 1 }] });
    expect(ok(await act(draft.id, 'cancel', {}, demo.shipper)).status).toBe(1);
    expect((await act(id, 'cancel')).code).toBe(40901);
    expect(await outboxTypes(asked.id)).toEqual(['returns.created', 'return.requested', 'return.rejected']);
    expect(await outboxTypes(draft.id)).toEqual(['returns.created', 'return.cancelled']);
  });

  it('is scanned like an inbound while approved: its lines count the pieces, other codes are refused', async () => {
    const [own, other] = await api.db.query<{ id: number; barcode: string }>(
      "UPDATE skus SET barcode = 'RMA-SCAN-' || id WHERE id IN (SELECT id FROM skus WHERE organization_id = $1 ORDER BY id LIMIT 2) RETURNING id, barcode",
      [demo.org],
    );
    const made = ok(await request({ lines: [{ skuId: own.id, pieces: 3, reason: 2 }] }));
    const scans = (id: number, ...codes: [string, number][]) =>
      api.call('POST', `/inventory/returns/${id}/scans`, {
        token: demo.admin,
        body: {
          device: 'dock phone',
          scans: codes.map(([code, pieces]) => ({ id: randomUUID(), code, pieces, at: new Date().toISOString() })),
        },
      });
    const refusals = async (reply: ReturnType<typeof scans>) =>
      ok(await reply).scans.map((s: { refusal: string | null }) => s.refusal);
    expect(await refusals(scans(made.id, [own.barcode, 1]))).toEqual(['notAwaiting']);
    ok(await act(made.id, 'submit', {}, demo.shipper));
    ok(await act(made.id, 'approve'));
    expect(
      await refusals(scans(made.id, [own.barcode, 2], [other.barcode, 1], ['NO-SUCH-CODE', 1], [own.barcode, 2])),
    ).toEqual([null, 'notOnDocument', 'unknownCode', null]);
    // Scanning is the receiver's: the cargo owner neither scans nor reads the counts.
    expect((await api.call('GET', `/inventory/returns/${made.id}/scans`, { token: demo.shipper })).status).toBe(403);
    const counted = ok(await api.call('GET', `/inventory/returns/${made.id}/scans`, { token: demo.admin }));
    expect(counted.lines).toEqual([
      expect.objectContaining({ skuId: own.id, expected: 3, scanned: 4, short: 0, over: 1 }),
    ]);
    // Every scan is kept, the refused ones with their reason.
    expect(counted.total).toBe(5);
    const lineId = (await rowsOf(`/inventory/returns/${made.id}/lines`))[0].id;
    ok(await act(made.id, 'receive', { lines: [{ lineId, restocked: 4 }] }));
    expect(await refusals(scans(made.id, [own.barcode, 1]))).toEqual(['notAwaiting']);
    expect(await outboxTypes(made.id)).toContain('return.scanned');
  });

  it("names a mall order's outbound, once shipped, and joins the order's timeline", async () => {
    const mall = mallHelpers(api, demo.admin);
    const order = await mall.checkout(demo.shipper, demo.warehouse, [{ skuId: demo.sku, quantity: 1 }]);
    const early = await request({ orderId: order.id, lines: [{ skuId: demo.sku, pieces: 1, reason: 1 }] });
    expect(early.data.errors.map((e: { field: string }) => e.field)).toEqual(['orderId']);
    const { outboundId } = ok(await mall.act(order.id, 'approve'));
    ok(await api.call('POST', `/inventory/outbounds/${outboundId}/confirm`, { token: demo.admin, body: {} }));
    const made = ok(await request({ orderId: order.id, lines: [{ skuId: demo.sku, pieces: 1, reason: 1 }] }));
    expect(made).toMatchObject({ orderId: order.id, outboundId });
    expect((await rowsOf(`/orders/${order.id}/returns`, demo.shipper)).map((r) => r.id)).toEqual([made.id]);
    ok(await act(made.id, 'submit', {}, demo.shipper));
    const timeline = ok(await api.call('GET', `/orders/${order.id}/timeline`, { token: demo.shipper }));
    const steps = timeline.rows.filter((r: { entity: string }) => r.entity === 'returns');
    expect(steps.map((r: { action: string }) => r.action)).toEqual(['create', 'submit']);
  });
});
