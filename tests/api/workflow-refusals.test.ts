import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import type { ResourceDef } from '../../src/domain/resource';
import { allows, type WorkflowAction } from '../../src/domain/workflow';
import { isScoped } from '../../src/server/engine/scope';
import { fileApi, type Reply } from '../helpers/api';
import { demoLines, repackingExpense, shipperPlace } from '../helpers/demo';
import { mallHelpers } from '../helpers/orders';

/**
 * The one transition route refuses alike for every declared workflow: a wrong state, a stale
 * version, a missing right, a record out of the caller's scope and a bad input answer 40901, 40901,
 * 403, 404 and 40001, and leave the record and its audit trail as they were.
 */
let admin: string;
let nobody: string;
let outsider: string;
let warehouseId: number;

type Row = Record<string, any> & { id: number; version: number };
const withMachine = resources.filter((r) => r.workflow?.machine);
const rows = new Map<string, Row[]>();

const buttons = (r: ResourceDef) =>
  Object.entries(r.workflow!.machine!.actions).filter(([, a]) => a.button !== false) as [string, WorkflowAction][];

/** A record of the list and a button action the predicate accepts for it. */
const find = (r: ResourceDef, ok: (row: Row, action: string, a: WorkflowAction) => boolean) => {
  for (const row of rows.get(r.name)!)
    for (const [action, a] of buttons(r)) if (ok(row, action, a)) return { row, action, a };
  throw new Error(`${r.name}: no seeded record fits`);
};

const act = (r: ResourceDef, id: number, action: string, body: object, token = admin) =>
  api.call('POST', `${r.api}/${id}/${action}`, { token, body, lang: 'en' });

/** What must not change: the record as read, and its audit rows. */
const snapshot = async (r: ResourceDef, id: number) => ({
  record: (await api.call('GET', `${r.api}/${id}`, { token: admin })).data,
  audit: (
    await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE entity = $1 AND entity_id = $2', [
      r.name,
      String(id),
    ])
  )[0].n,
});

const unchanged = async (r: ResourceDef, id: number, attempt: () => Promise<Reply>) => {
  const before = await snapshot(r, id);
  const reply = await attempt();
  expect(await snapshot(r, id)).toEqual(before);
  return reply;
};

/** A body of the right type for no field: every declared input field as an object. */
const badInput = (a: WorkflowAction) =>
  Object.fromEntries(Object.keys(a.input!.properties).map((field) => [field, { wrong: true }]));

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  const shipper = await api.login('shipper');
  const mall = mallHelpers(api, admin);
  let organizationId: number;
  ({ organizationId, warehouseId } = await shipperPlace(api, admin, shipper));
  const [sku] = (
    await api.call('GET', `/products/skus?organizationId=${organizationId}&pageSize=1&sort=id`, { token: admin })
  ).data.rows;
  // A record of each workflow in a state of its main path, made as the warehouse and the shipper would.
  await mall.ok('POST', '/finance/feeModels', admin, {
    name: 'LAX 2026',
    organizationId,
    warehouseId,
    currency: 2,
    validFrom: '2026-01-01',
    lines: demoLines,
  });
  await mall.receive(organizationId, warehouseId, sku.id, 100);
  await mall.checkout(shipper, warehouseId, [{ skuId: sku.id, quantity: 2 }]);
  const shipped = await mall.checkout(shipper, warehouseId, [{ skuId: sku.id, quantity: 1 }]);
  const { outboundId } = (await mall.act(shipped.id, 'approve')).data;
  await mall.ok('POST', `/inventory/outbounds/${outboundId}/confirm`, admin, { actualDate: '2026-11-20' });
  await mall.ok('POST', '/delivery/deliveries', admin, { orderId: shipped.id });
  const bill = await mall.ok('POST', '/finance/bills', admin, {
    organizationId,
    warehouseId,
    periodFrom: '2026-11-01',
    periodTo: '2026-11-30',
  });
  await mall.ok('POST', `/finance/bills/${bill.id}/issue`, admin);
  // Disputes of a line: one answered (rejected), then one open, as a line may be disputed again after a rejection.
  const charges = (await api.call('GET', `/finance/bills/${bill.id}/lines`, { token: admin })).data.rows.filter(
    (l: { amount: number }) => l.amount > 0,
  );
  const answered = await mall.ok('POST', `/finance/bills/${bill.id}/lines/${charges[0].id}/dispute`, shipper, {
    reason: 'Not ours',
  });
  await mall.ok('POST', `/finance/disputes/${answered.id}/reject`, admin, { reason: 'Ours, by the count sheet' });
  await mall.ok('POST', `/finance/bills/${bill.id}/lines/${charges[0].id}/dispute`, shipper, { reason: 'Too much' });
  // An expense open and on no bill, the one state void starts from.
  await mall.ok(
    'POST',
    '/finance/expenses',
    admin,
    repackingExpense({ organizationId, warehouseId, expenseDate: '2026-11-01' }),
  );
  // A shipment, whose actions start from any record: it has no states to be wrong in.
  const countries = (await api.call('GET', '/config/countries?pageSize=2&sort=id', { token: admin })).data.rows;
  await mall.ok('POST', '/shipments', admin, {
    organizationId,
    shipmentType: 1,
    originCountryId: countries[0].id,
    destinationCountryId: countries[1].id,
  });

  // A cycle count counting its lot, and one submitted, the state a recount is asked from.
  for (const submitted of [false, true]) {
    const count = await mall.ok('POST', '/inventory/counts', admin, {
      warehouseId,
      organizationId,
      skuIds: [sku.id],
    });
    await mall.ok('POST', `/inventory/counts/${count.id}/start`, admin);
    if (!submitted) continue;
    const [line] = (await api.call('GET', `/inventory/counts/${count.id}/lines`, { token: admin })).data.rows;
    await mall.ok('PATCH', `/inventory/counts/${count.id}/lines/${line.id}`, admin, { counted: line.expected });
    await mall.ok('POST', `/inventory/counts/${count.id}/submit`, admin);
  }

  // Returns of the shipped goods: one requested, one received with a piece in quarantine, whose lot
  // on hold is the state release and dispose start from.
  const requestReturn = async () => {
    const rma = await mall.ok('POST', '/inventory/returns', shipper, {
      organizationId,
      warehouseId,
      outboundId,
      lines: [{ skuId: sku.id, pieces: 1, reason: 1 }],
    });
    await mall.ok('POST', `/inventory/returns/${rma.id}/submit`, shipper);
    return rma.id as number;
  };
  await requestReturn();
  const received = await requestReturn();
  await mall.ok('POST', `/inventory/returns/${received}/approve`, admin);
  const [returned] = (await api.call('GET', `/inventory/returns/${received}/lines`, { token: admin })).data.rows;
  await mall.ok('POST', `/inventory/returns/${received}/receive`, admin, {
    lines: [{ lineId: returned.id, restocked: 0, quarantined: 1, disposed: 0 }],
  });

  // Two users of no organization: one with no right at all, one with every workflow button.
  const catalogue = (await api.call('GET', '/system/resources', { token: admin })).data.rows as { name: string }[];
  const everyButton = withMachine.flatMap((r) => buttons(r).map(([action]) => `${r.permission}.${action}`));
  expect(everyButton.filter((b) => !catalogue.some((e) => e.name === b))).toEqual([]);
  for (const [role, grants] of [
    ['nobody', []],
    ['outsider', everyButton],
  ] as const) {
    const { id } = (await api.call('POST', '/system/roles', { token: admin, body: { name: role } })).data;
    const put = await api.call('PUT', `/system/roles/${id}/resources`, { token: admin, body: { resources: grants } });
    expect(put.code).toBe(20000);
    const user = await api.call('POST', '/system/users', {
      token: admin,
      body: { username: role, name: role, status: 1, roles: [role], password: 'secret1' },
    });
    expect(user.code).toBe(20000);
  }
  [nobody, outsider] = await Promise.all([api.login('nobody', 'secret1'), api.login('outsider', 'secret1')]);
  for (const r of withMachine)
    rows.set(r.name, (await api.call('GET', `${r.api}?pageSize=100&sort=-id`, { token: admin })).data.rows);
});

describe.each(withMachine.map((r) => [r.name, r] as const))('every workflow refuses alike: %s', (_name, r) => {
  const machine = () => r.workflow!.machine!;

  it.skipIf(!r.workflow!.machine!.states.length)('a wrong state: 40901 naming the state and the action', async () => {
    const { row, action } = find(r, (row, action, a) => !!a.from && !allows(machine(), action, row));
    const reply = await unchanged(r, row.id, () => act(r, row.id, action, {}));
    expect(reply).toMatchObject({ status: 409, code: 40901 });
    expect(reply.message).toContain('Reload');
  });

  it('a stale version: 40901, whatever the body', async () => {
    const { row, action } = find(r, (row, action) => allows(machine(), action, row));
    const reply = await unchanged(r, row.id, () => act(r, row.id, action, { version: row.version + 100 }));
    expect(reply).toMatchObject({ status: 409, code: 40901 });
    expect(reply.message).toBe('The record was changed by someone else. Reload it and try again.');
  });

  it('a missing right: 403', async () => {
    const { row, action } = find(r, () => true);
    expect(await unchanged(r, row.id, () => act(r, row.id, action, {}, nobody))).toMatchObject({ status: 403 });
  });

  // A warehouse's count belongs to no organization: its lines do, each refusing whom it must (counts.test.ts).
  it.skipIf(!isScoped(r))("a record out of the caller's scope: 404, though the caller holds the button", async () => {
    const { row, action } = find(r, () => true);
    expect(await unchanged(r, row.id, () => act(r, row.id, action, {}, outsider))).toMatchObject({ status: 404 });
  });

  // A machine whose actions take no body (a held lot's release and dispose) has no input to be bad.
  it.skipIf(!buttons(r).some(([, a]) => a.input))('a bad input: 40001 naming the fields', async () => {
    const { row, action, a } = find(r, (row, action, a) => !!a.input && allows(machine(), action, row));
    const reply = await unchanged(r, row.id, () => act(r, row.id, action, badInput(a)));
    expect(reply).toMatchObject({ status: 400, code: 40001 });
    expect(reply.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      Object.keys(a.input!.properties).sort(),
    );
  });
});
