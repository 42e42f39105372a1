import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { shipperPlace } from '../helpers/demo';
import { flatStorage, ownFeeModel, stockMoves } from '../helpers/finance';

/**
 * Issue 43: a cargo owner disputes a line of an issued bill; staff accept it (a credit on the
 * customer's next bill, linked both ways, credited once) or reject it with their reason.
 */
const api = fileApi();
/** A 1x1 PNG: an upload must be an image, a PDF or an Office file. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000185d2b5dd0000000049454e44ae426082',
  'hex',
);
let admin: string;
let shipper: string;
let org: number;
let warehouse: number;
let bill: { id: number; billNo: string };
let lines: { id: number; subType: number | null; amount: number; disputeStatus?: number | null; creditFor?: number }[];

const ok = <T = any>(reply: { code: number; message: string; data: T }) => {
  expect(reply.code, reply.message).toBe(20000);
  return reply.data;
};
const linesOf = async (billId: number, token = admin) =>
  ok(await api.call('GET', `/finance/bills/${billId}/lines`, { token })).rows as typeof lines;
const dispute = (lineId: number, body: object, token = shipper, billId = bill.id) =>
  api.call('POST', `/finance/bills/${billId}/lines/${lineId}/dispute`, { token, body });
const outboxTypes = async (resource: string, id: number) =>
  (
    await api.db.query<{ type: string }>(
      'SELECT type FROM outbox WHERE resource = $1 AND record_id = $2 ORDER BY seq',
      [resource, String(id)],
    )
  ).map((r) => r.type);

beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  ({ organizationId: org, warehouseId: warehouse } = await shipperPlace(api, admin, shipper));
  const sku = ok(await api.call('GET', `/products/skus?organizationId=${org}&sort=id&pageSize=1`, { token: admin }))
    .rows[0].id;
  await ownFeeModel(api, admin, { organizationId: org, warehouseId: warehouse }, 'Disputes', [
    flatStorage(1.5),
    { feeType: 2, subType: 201, unit: 3, segmentType: 2, segments: [{ from: 1, unitPrice: 5 }] },
  ]);
  await stockMoves(api, admin, warehouse).receive(org, sku, 100, 10, '2025-06-01');
  bill = ok(
    await api.call('POST', '/finance/bills', {
      token: admin,
      body: { organizationId: org, warehouseId: warehouse, periodFrom: '2025-06-01', periodTo: '2025-06-30' },
    }),
  );
  ok(await api.call('POST', `/finance/bills/${bill.id}/issue`, { token: admin, body: {} }));
  lines = await linesOf(bill.id, shipper);
}, 180_000);

describe('a disputed bill line', () => {
  it('is opened by the cargo owner on an issued bill, once, and refused where it cannot be', async () => {
    const unloading = lines.find((l) => l.subType === 201)!;
    expect(unloading.amount).toBe(50);
    expect((await dispute(unloading.id, { reason: '   ' })).code).toBe(40001);
    expect((await dispute(999_999, { reason: 'Not ours' })).code).toBe(40401);
    expect((await dispute(unloading.id, { reason: 'Not ours' }, admin, 999_999)).code).toBe(40401);
    // A draft is the warehouse's working copy: not the customer's to see, nobody's to dispute.
    const draft = ok(
      await api.call('POST', '/finance/bills', {
        token: admin,
        body: { organizationId: org, warehouseId: warehouse, periodFrom: '2025-07-01', periodTo: '2025-07-31' },
      }),
    );
    const [draftLine] = await linesOf(draft.id);
    expect((await dispute(draftLine.id, { reason: 'Too early' }, shipper, draft.id)).code).toBe(40401);
    expect((await dispute(draftLine.id, { reason: 'Too early' }, admin, draft.id)).code).toBe(40901);
    ok(await api.call('POST', `/finance/bills/${draft.id}/cancel`, { token: admin, body: {} }));

    const opened = ok(await dispute(unloading.id, { reason: '  We unloaded it ourselves  ' }));
    expect(opened).toMatchObject({
      status: 0,
      billId: bill.id,
      billLineId: unloading.id,
      organizationId: org,
      lineAmount: 50,
      currency: 2,
      reason: 'We unloaded it ourselves',
    });
    expect((await dispute(unloading.id, { reason: 'Again' })).code).toBe(40901);
    expect((await linesOf(bill.id, shipper)).find((l) => l.id === unloading.id)).toMatchObject({
      disputeId: opened.id,
      disputeStatus: 0,
    });
    expect(await outboxTypes('bills', bill.id)).toContain('bill.disputed');
    expect(await outboxTypes('disputes', opened.id)).toEqual(['disputes.created']);

    // The customer sees theirs; the bill can still be paid.
    const mine = ok(await api.call('GET', '/finance/disputes', { token: shipper }));
    expect(mine.rows.map((d: { id: number }) => d.id)).toEqual([opened.id]);
    expect((await api.call('POST', `/finance/disputes/${opened.id}/accept`, { token: shipper, body: {} })).code).toBe(
      40301,
    );
  });

  it('accepted, credits its amount on the next bill once, linked both ways', async () => {
    const [open] = ok(await api.call('GET', '/finance/disputes?status=0', { token: admin })).rows;
    const tooMuch = await api.call('POST', `/finance/disputes/${open.id}/accept`, {
      token: admin,
      body: { amount: 60 },
    });
    expect(tooMuch.code).toBe(40001);
    expect(ok(await api.call('GET', `/finance/disputes/${open.id}`, { token: admin })).status).toBe(0);

    const accepted = ok(
      await api.call('POST', `/finance/disputes/${open.id}/accept`, { token: admin, body: { amount: 20 } }),
    );
    expect(accepted).toMatchObject({ status: 3, creditAmount: 20 });
    expect(accepted.creditExpenseId).toBeGreaterThan(0);
    expect((await api.call('POST', `/finance/disputes/${open.id}/accept`, { token: admin, body: {} })).code).toBe(
      40901,
    );
    expect(await outboxTypes('disputes', open.id)).toEqual(['disputes.created', 'dispute.accepted']);
    const credits = ok(await api.call('GET', '/finance/expenses?subType=901', { token: admin }));
    expect(credits.rows).toMatchObject([{ id: accepted.creditExpenseId, amount: -20, status: 0, source: 4 }]);

    // Month to date shows the credit, as the next bill will.
    const month = ok(
      await api.call('GET', `/finance/accruals?organizationId=${org}&warehouseId=${warehouse}`, { token: shipper }),
    );
    expect(month.lines).toContainEqual(expect.objectContaining({ feeType: 9, subType: 901, toDate: -20 }));
    const monthFrom = `${month.month}-01`;
    const next = ok(
      await api.call('POST', '/finance/bills', {
        token: admin,
        body: { organizationId: org, warehouseId: warehouse, periodFrom: monthFrom, periodTo: month.today },
      }),
    );
    expect(next.total).toBe(month.toDate.total);
    const credit = (await linesOf(next.id)).find((l) => l.subType === 901)!;
    expect(credit).toMatchObject({ amount: -20, creditFor: open.id, feeType: 9 });
    expect(ok(await api.call('GET', `/finance/disputes/${open.id}`, { token: admin })).creditBillId).toBe(next.id);

    // Cancelled, the bill frees the credit for the one made again; issued, it is spent.
    ok(await api.call('POST', `/finance/bills/${next.id}/cancel`, { token: admin, body: {} }));
    const again = ok(
      await api.call('POST', '/finance/bills', {
        token: admin,
        body: { organizationId: org, warehouseId: warehouse, periodFrom: monthFrom, periodTo: month.today },
      }),
    );
    expect((await linesOf(again.id)).filter((l) => l.subType === 901).map((l) => l.amount)).toEqual([-20]);
    ok(await api.call('POST', `/finance/bills/${again.id}/issue`, { token: admin, body: {} }));
    const after = ok(
      await api.call('GET', `/finance/accruals?organizationId=${org}&warehouseId=${warehouse}`, { token: admin }),
    );
    expect(after.lines.filter((l: { subType: number }) => l.subType === 901)).toEqual([]);
  });

  it('rejected, keeps the reason as its answer and leaves the bill as it is', async () => {
    const storage = lines.find((l) => l.subType === 101)!;
    // The customer's photo of the pallets backs the reason: uploaded first, named by the path the upload answered.
    const form = new FormData();
    form.append('folder', 'disputes');
    form.append('file', new Blob([new Uint8Array(PNG)]), 'pallets.png');
    const uploaded = await (
      await fetch(`${api.url}/api/1.0/oss/upload`, { method: 'POST', headers: { authorization: shipper }, body: form })
    ).json();
    expect(uploaded.code, uploaded.message).toBe(20000);
    expect((await dispute(storage.id, { reason: 'Sheet', attachment: 'not/a/path' })).code).toBe(40001);
    const opened = ok(
      await dispute(storage.id, { reason: 'We had 8 pallets, not 10', attachment: uploaded.data.path }),
    );
    expect(opened).toMatchObject({ attachment: uploaded.data.path, attachmentName: 'pallets.png' });
    expect(
      (await api.call('POST', `/finance/disputes/${opened.id}/reject`, { token: admin, body: { reason: ' ' } })).code,
    ).toBe(40001);
    const rejected = ok(
      await api.call('POST', `/finance/disputes/${opened.id}/reject`, {
        token: admin,
        body: { reason: '  The count sheet says 10  ' },
      }),
    );
    expect(rejected).toMatchObject({ status: 1, answer: 'The count sheet says 10' });
    expect(rejected.creditExpenseId ?? null).toBeNull();
    expect(await outboxTypes('disputes', opened.id)).toEqual(['disputes.created', 'dispute.rejected']);
    expect(ok(await api.call('GET', `/finance/bills/${bill.id}`, { token: admin })).total).toBe(10 * 30 * 1.5 + 50);
  });

  it('is no manual expense: a dispute credit is written by accepting one', async () => {
    const manual = await api.call('POST', '/finance/expenses', {
      token: admin,
      body: {
        organizationId: org,
        warehouseId: warehouse,
        subType: 901,
        unit: 4,
        quantity: 1,
        unitPrice: 5,
        currency: 2,
        expenseDate: '2025-07-01',
        reason: 'By hand',
      },
    });
    expect(manual.code).toBe(40001);
  });
});
