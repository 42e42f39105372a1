import { beforeAll, describe, expect, it } from 'vitest';
import { runBatch } from '../../src/server/workflows/finance/bill-run-batch';
import { billRunWorker, BillRunWorker } from '../../src/server/workflows/finance/bill-run-worker';
import { fileApi } from '../helpers/api';
import { demoLines, repackingExpense } from '../helpers/demo';
import { stockMoves } from '../helpers/finance';

/** More customers than any page holds: the run must consider every one of them. */
const BULK = 1_100;

let admin: string;
let warehouse: number;
let bulk: number[];
let stocked: number;

const ok = <T = any>(reply: { code: number; message: string; data: T }) => {
  expect(reply.code, reply.message).toBe(20000);
  return reply.data;
};
const start = (body: object, token = admin) => api.call('POST', '/finance/billRuns', { token, body });
const read = async (id: number) => ok(await api.call('GET', `/finance/billRuns/${id}`, { token: admin }));
const finished = async (id: number) => {
  await expect.poll(async () => (await read(id)).status, { timeout: 120_000, interval: 200 }).not.toBe(0);
  return read(id);
};
/** Every result of a run, page by page. */
const allResults = async (id: number) => {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const data = ok(
      await api.call('GET', `/finance/billRuns/${id}/results?pageSize=1000&pageIndex=${page}`, { token: admin }),
    );
    rows.push(...data.rows);
    if (rows.length >= data.total) return rows;
  }
};
const expense = async (organizationId: number, expenseDate: string) =>
  ok(
    await api.call('POST', '/finance/expenses', {
      token: admin,
      body: repackingExpense({ organizationId, warehouseId: warehouse, expenseDate }),
    }),
  );
const organizationCount = async () =>
  (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations'))[0].n;
const billsOf = (periodFrom: string) =>
  api.db.query<{ organization_id: number; n: number }>(
    'SELECT organization_id, count(*)::int AS n FROM bills WHERE period_from = $1 AND status <> 1 GROUP BY organization_id',
    [periodFrom],
  );

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  warehouse = ok(await api.call('GET', '/config/warehouses?shortName=LAX-ONT', { token: admin })).rows[0].id;
  // The customers go in set-based, as an import would: a thousand HTTP calls would test nothing more.
  bulk = (
    await api.db.query<{ id: number }>(
      `INSERT INTO organizations (organization_name, organization_code, level)
       SELECT 'Run customer ' || g, 'RUN' || g, 2 FROM generate_series(1, ${BULK}) g RETURNING id`,
    )
  )
    .map((o) => o.id)
    .sort((a, b) => a - b);
  // One default model for every customer of the warehouse.
  ok(
    await api.call('POST', '/finance/feeModels', {
      token: admin,
      body: { name: 'LAX default', warehouseId: warehouse, currency: 2, validFrom: '2026-01-01', lines: demoLines },
    }),
  );
  const sku = ok(await api.call('GET', '/products/skus?sort=id&pageSize=1', { token: admin })).rows[0];
  stocked = sku.organizationId;
  await stockMoves(api, admin, warehouse).receive(stocked, sku.id, 10, 2, '2026-01-20');
}, 180_000);

describe('a month-end bill run on the server', () => {
  it('considers every one of more than 1,000 customers and bills those with stock or expenses', async () => {
    // The first, a middle one and the very last: the 1,001st customer and beyond are billed too.
    const withExpenses = [bulk[0], bulk[600], bulk[BULK - 1]];
    for (const id of withExpenses) await expense(id, '2026-02-10');
    const total = await organizationCount();
    expect(total).toBeGreaterThan(1000);

    const started = ok(
      await start({ warehouseId: warehouse, periodFrom: '2026-02-01', periodTo: '2026-02-28', remarks: 'February' }),
    );
    expect(started).toMatchObject({ status: 0, total, warehouseId: warehouse, periodFrom: '2026-02-01' });
    expect(started.counts).toMatchObject({ failed: 0 });

    const run = await finished(started.id);
    const billedIds = [...withExpenses, stocked];
    expect(run).toMatchObject({
      status: 6,
      total,
      done: total,
      error: null,
      counts: { billed: 4, alreadyBilled: 0, noFeeModel: 0, currencies: 0, nothing: total - 4, failed: 0 },
    });
    expect(run.finishedAt).toEqual(expect.any(String));

    const results = await allResults(started.id);
    expect(results).toHaveLength(total);
    expect(new Set(results.map((r) => r.organizationId)).size).toBe(total);
    // The run's own record holds every customer's result too, as the paged list has them.
    expect(run.results).toEqual(results);
    expect(
      ok(await api.call('GET', `/finance/billRuns/${started.id}?withResults=false`, { token: admin })),
    ).not.toHaveProperty('results');
    const billed = results.filter((r) => r.result === 'billed');
    expect(billed.map((r) => r.organizationId).sort((a, b) => a - b)).toEqual(billedIds.sort((a, b) => a - b));
    for (const row of billed) {
      expect(row.billNo).toMatch(/^BL\d{8}-\d{4}$/);
      const bill = ok(await api.call('GET', `/finance/bills/${row.billId}`, { token: admin }));
      expect(bill).toMatchObject({ organizationId: row.organizationId, status: 0, remarks: 'February' });
    }
    expect(results.find((r) => r.organizationId === bulk[1])).toMatchObject({
      organizationName: 'Run customer 2',
      result: 'nothing',
      billId: null,
    });
    // Filtered to one result, paged like any list; the run is on the list of runs with its counts.
    const only = ok(await api.call('GET', `/finance/billRuns/${started.id}/results?result=billed`, { token: admin }));
    expect(only.total).toBe(4);
    const runs = ok(await api.call('GET', '/finance/billRuns?pageSize=5', { token: admin }));
    expect(runs.rows[0]).toMatchObject({ id: started.id, status: 6, counts: { billed: 4 } });
    expect((await billsOf('2026-02-01')).every((b) => b.n === 1)).toBe(true);
  }, 180_000);

  it('records a customer whose bill fails with the reason, and bills the others of the batch', async () => {
    const [broken, fine] = [bulk[10], bulk[11]];
    await expense(fine, '2026-04-03');
    // Two charges whose sum no bill total can hold: this customer's statement fails, nobody else's.
    await api.db.query(
      `INSERT INTO expenses (organization_id, warehouse_id, fee_type, sub_type, unit, quantity, unit_price, amount, currency,
                             source, status, expense_date, reason)
       SELECT $1, $2, 3, 302, 3, 1, 90000000000000, 90000000000000, 2, 9, 0, '2026-04-03', 'Overflow' FROM generate_series(1, 2)`,
      [broken, warehouse],
    );
    const started = ok(await start({ warehouseId: warehouse, periodFrom: '2026-04-01', periodTo: '2026-04-30' }));
    const run = await finished(started.id);
    expect(run).toMatchObject({ status: 6, done: run.total, counts: { failed: 1 } });
    const failed = ok(
      await api.call('GET', `/finance/billRuns/${started.id}/results?result=failed`, { token: admin }),
    ).rows;
    expect(failed).toEqual([expect.objectContaining({ organizationId: broken, billId: null })]);
    expect(failed[0].reason).toMatch(/overflow/);
    const billed = ok(
      await api.call('GET', `/finance/billRuns/${started.id}/results?result=billed`, { token: admin }),
    ).rows.map((r: any) => r.organizationId);
    expect(billed).toEqual(expect.arrayContaining([fine, stocked]));
    expect(await billsOf('2026-04-01')).not.toContainEqual(expect.objectContaining({ organization_id: broken }));
  }, 180_000);

  it('refuses bad input with 40001 and starts nothing', async () => {
    const before = (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bill_runs'))[0].n;
    const fields = async (body: object) => {
      const reply = await start(body);
      expect(reply).toMatchObject({ status: 400, code: 40001 });
      return reply.data.errors.map((e: any) => e.field);
    };
    expect(await fields({ periodFrom: '2026-02-01', periodTo: '2026-02-28' })).toEqual(['warehouseId']);
    expect(await fields({ warehouseId: warehouse, periodFrom: '2026-02-28', periodTo: '2026-02-01' })).toEqual([
      'periodTo',
    ]);
    expect(
      await fields({ warehouseId: warehouse, periodFrom: '2026-02-01', periodTo: '2026-02-28', organizationIds: [1] }),
    ).toEqual(['organizationIds']);
    expect(await fields({ warehouseId: 999_999, periodFrom: '2026-02-01', periodTo: '2026-02-28' })).toEqual([
      'warehouseId',
    ]);
    expect(await fields({ warehouseId: warehouse, periodFrom: '2026-02-30', periodTo: '2026-03-31' })).toEqual([
      'periodFrom',
    ]);
    const translated = await start({ periodFrom: '2026-02-01', periodTo: '2026-02-28' });
    expect(translated.message).not.toMatch(/^errors\./);
    expect((await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bill_runs'))[0].n).toBe(before);

    // Lists check their parameters like every list; a missing run is 404; a customer sees none.
    expect((await api.call('GET', '/finance/billRuns?colour=red', { token: admin })).code).toBe(40001);
    expect((await api.call('GET', '/finance/billRuns/1/results?result=paid', { token: admin })).code).toBe(40001);
    expect((await api.call('GET', '/finance/billRuns/999999', { token: admin })).status).toBe(404);
    const shipper = await api.login('shipper');
    expect((await api.call('GET', '/finance/billRuns', { token: shipper })).status).toBe(403);
    expect(
      (await start({ warehouseId: warehouse, periodFrom: '2026-02-01', periodTo: '2026-02-28' }, shipper)).status,
    ).toBe(403);
  });

  it("an editor's run covers the organizations they manage, and they read those customers' results alone", async () => {
    const editor = await api.login('editor');
    const info = ok(await api.call('POST', '/system/users/getInfo', { token: editor }));
    const managed = (
      await api.db.query<{ organization_id: number }>(
        'SELECT organization_id FROM user_organizations WHERE user_id = $1 ORDER BY organization_id',
        [info.id],
      )
    ).map((m) => m.organization_id);
    expect(managed.length).toBeGreaterThan(0);
    const started = ok(
      await start({ warehouseId: warehouse, periodFrom: '2026-05-01', periodTo: '2026-05-31' }, editor),
    );
    expect(started.total).toBe(managed.length);
    const run = await finished(started.id);
    expect(run).toMatchObject({ status: 6, done: managed.length });
    const rows = ok(await api.call('GET', `/finance/billRuns/${started.id}/results`, { token: editor })).rows;
    expect(rows.map((r: any) => r.organizationId)).toEqual(managed);
    // The admin's run of every customer shows the editor only theirs.
    const everyone = ok(await api.call('GET', '/finance/billRuns?status=6&pageSize=100', { token: editor })).rows;
    const big = everyone.find((r: any) => r.total > 1000);
    const seen = ok(await api.call('GET', `/finance/billRuns/${big.id}/results?pageSize=1000`, { token: editor }));
    expect(seen.total).toBe(managed.length);
  });

  it('resumes a run whose worker stopped after one batch, and bills nobody twice', async () => {
    // The app's own worker is stopped: the run below is worked only by the workers this test runs.
    await billRunWorker(api.app.db, api.app.log).stop();
    const withExpenses = [bulk[0], bulk[900]];
    for (const id of withExpenses) await expense(id, '2026-03-05');
    // The customer with stock pays for March's pallet-days too.
    const toBill = [...withExpenses, stocked].sort((a, b) => a - b);
    const started = ok(await start({ warehouseId: warehouse, periodFrom: '2026-03-01', periodTo: '2026-03-31' }));
    expect((await read(started.id)).done).toBe(0);

    // A worker claims it, commits one batch of 200 and dies: its claim is left behind, already run out.
    await api.db.query("UPDATE bill_runs SET lease_owner = 'dead worker' WHERE id = $1", [started.id]);
    expect(await runBatch(api.app.db, started.id, { owner: 'dead worker', seconds: 0 }, 200)).toBe('more');
    const [{ last }] = await api.db.query<{ last: number }>(
      'SELECT max(id) AS last FROM (SELECT id FROM organizations ORDER BY id LIMIT 200) o',
    );
    const early = toBill.filter((id) => id <= last).length;
    expect(early).toBeGreaterThan(0);
    expect(await read(started.id)).toMatchObject({
      status: 0,
      done: 200,
      counts: { billed: early, nothing: 200 - early },
    });

    // Two instances look for work at once: one takes the run over after the last committed batch.
    const options = { batchSize: 150, leaseSeconds: 30 };
    const workers = [
      new BillRunWorker(api.app.db, api.app.log, options),
      new BillRunWorker(api.app.db, api.app.log, options),
    ];
    try {
      for (const w of workers) w.start();
      const run = await finished(started.id);
      expect(run).toMatchObject({ status: 6, done: run.total, counts: { billed: toBill.length, failed: 0 } });
      const results = await allResults(started.id);
      expect(results).toHaveLength(run.total);
      expect(new Set(results.map((r) => r.organizationId)).size).toBe(run.total);
      expect((await billsOf('2026-03-01')).map((b) => [b.organization_id, b.n]).sort((a, b) => a[0] - b[0])).toEqual(
        toBill.map((id) => [id, 1]),
      );

      // The month run again finds every bill already made and makes none.
      const again = ok(await start({ warehouseId: warehouse, periodFrom: '2026-03-01', periodTo: '2026-03-31' }));
      for (const w of workers) w.wake();
      const rerun = await finished(again.id);
      expect(rerun.counts).toMatchObject({ billed: 0, alreadyBilled: toBill.length });
      const already = ok(
        await api.call('GET', `/finance/billRuns/${again.id}/results?result=alreadyBilled`, { token: admin }),
      ).rows;
      const first = results.filter((r) => r.result === 'billed');
      expect(already.map((r: any) => [r.organizationId, r.billId])).toEqual(
        first.map((r) => [r.organizationId, r.billId]),
      );
      expect((await billsOf('2026-03-01')).every((b) => b.n === 1)).toBe(true);
    } finally {
      for (const w of workers) await w.stop();
    }
  }, 180_000);
});
