import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/open';
import { prepareDatabase } from '../../src/server/db/prepare';
import { accrualKeeper } from '../../src/server/workflows/finance/accrual-keeper';
import type { Db } from '../../src/server/db/types';
import { demoLines } from '../helpers/demo';
import { adminAuthorization } from './admin-authorization';

type Record = (name: string, value: string) => void;

const PERIOD = { periodFrom: '2026-10-01', periodTo: '2026-10-31' };
/** The tests' storage line alone: three day bands, the part of a bill that grows with the lots. */
const [storageBands] = demoLines;

/**
 * Many customers' lots in a warehouse of their own: every lot received in the 120 days before the
 * month's end, one in five shipped out mid-month, ten open expenses per customer, one default fee
 * model with three day bands. Written with set-based SQL straight into the tables.
 */
async function seed(db: Db, customers: number, lotsEach: number) {
  const [{ id: warehouse }] = await db.query<{ id: number }>(
    "INSERT INTO warehouses(name, short_name, time_zone, status) VALUES ('Bench DC', 'BENCH-DC', 'America/Los_Angeles', 6) RETURNING id",
  );
  const [{ id: sku }] = await db.query<{ id: number }>('SELECT id FROM skus ORDER BY id LIMIT 1');
  await db.query(
    `INSERT INTO organizations(organization_name, organization_code, level) SELECT 'Bench customer ' || g, 'BENCH' || g, 2 FROM generate_series(1, $1) g`,
    [customers],
  );
  await db.query(
    `INSERT INTO inbounds(order_no, status, organization_id, warehouse_id, inbound_type, inbound_date)
     SELECT 'BENCH-IN-' || id, 6, id, $1, 1, date '2026-07-01' FROM organizations WHERE organization_code LIKE 'BENCH%'`,
    [warehouse],
  );
  await db.query(
    `INSERT INTO outbounds(order_no, status, organization_id, warehouse_id, outbound_type, actual_date)
     SELECT 'BENCH-OUT-' || id, 6, id, $1, 1, date '2026-10-15' FROM organizations WHERE organization_code LIKE 'BENCH%'`,
    [warehouse],
  );
  await db.query(
    `INSERT INTO lots(organization_id, warehouse_id, sku_id, inbound_id, inbound_date, pieces_in, pallets_in, pieces, pallets)
     SELECT i.organization_id, $1, $2, i.id, date '2026-10-31' - (g % 120), 100, 1 + g % 8, 100, 1 + g % 8
       FROM inbounds i CROSS JOIN generate_series(1, $3) g WHERE i.order_no LIKE 'BENCH-IN-%'`,
    [warehouse, sku, lotsEach],
  );
  await db.query(
    `INSERT INTO outbound_takes(outbound_id, lot_id, sku_id, inbound_date, pieces, pallets)
     SELECT o.id, l.id, l.sku_id, l.inbound_date, l.pieces_in, l.pallets_in
       FROM lots l JOIN outbounds o ON o.organization_id = l.organization_id AND o.order_no LIKE 'BENCH-OUT-%'
      WHERE l.warehouse_id = $1 AND l.id % 5 = 0 AND l.inbound_date <= date '2026-10-15'`,
    [warehouse],
  );
  await db.query(
    `INSERT INTO expenses(expense_date, organization_id, warehouse_id, fee_type, sub_type, unit, quantity, unit_price, amount, currency, source, status, document_no)
     SELECT date '2026-10-01' + (g * 3), o.id, $1, 2, 201, 3, 4, 5, 20, 2, 9, 0, 'BENCH-EXP'
       FROM organizations o CROSS JOIN generate_series(0, 9) g WHERE o.organization_code LIKE 'BENCH%'`,
    [warehouse],
  );
  await db.query(
    `INSERT INTO fee_models(name, warehouse_id, currency, valid_from, minimum_charge, lines) VALUES ('Bench', $1, 2, date '2026-01-01', 100, $2)`,
    [warehouse, JSON.stringify([storageBands])],
  );
  for (const table of ['lots', 'outbound_takes', 'expenses', 'inbounds', 'outbounds'])
    await db.query(`ANALYZE ${table}`);
  return warehouse;
}

/** Lots one customer has at most in the figure for the month-to-date answer. */
const BIG_CUSTOMER_LOTS = 10_000;

/**
 * Issue 43's month to date and forecast of one customer with 10,000 lots (the first bench customer
 * topped up after October's bills), for November, which no bill covers: the median of five reads.
 */
async function accrualsBench(
  db: Db,
  app: Awaited<ReturnType<typeof buildApp>>,
  authorization: string,
  warehouseId: number,
  record: Record,
) {
  const [{ id: organizationId, lots }] = await db.query<{ id: number; lots: number }>(
    `SELECT o.id, (SELECT count(*)::int FROM lots l WHERE l.organization_id = o.id) AS lots
       FROM organizations o WHERE o.organization_code LIKE 'BENCH%' ORDER BY o.id LIMIT 1`,
  );
  await db.query(
    `INSERT INTO lots(organization_id, warehouse_id, sku_id, inbound_id, inbound_date, pieces_in, pallets_in, pieces, pallets)
     SELECT l.organization_id, l.warehouse_id, l.sku_id, l.inbound_id, date '2026-10-31' - (g % 120), 100, 1 + g % 8, 100, 1 + g % 8
       FROM (SELECT * FROM lots WHERE organization_id = $1 LIMIT 1) l CROSS JOIN generate_series(1, $2) g`,
    [organizationId, BIG_CUSTOMER_LOTS - lots],
  );
  await db.query('ANALYZE lots');
  const times: number[] = [];
  let total = '';
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const reply = await app.inject({
      method: 'GET',
      url: `/api/1.0/finance/accruals?organizationId=${organizationId}&warehouseId=${warehouseId}&month=2026-11`,
      headers: { authorization },
    });
    times.push(performance.now() - t0);
    const body = reply.json() as { code: number; message: string; data: { toDate: { total: number } } };
    if (body.code !== 20000) throw new Error(`accruals bench: ${body.message}`);
    total = String(body.data.toDate.total);
  }
  const median = times.sort((a, b) => a - b)[2];
  record(
    `finance: month to date and forecast of one customer, ${BIG_CUSTOMER_LOTS} lots (${db.kind})`,
    `${median.toFixed(0)} ms median of 5, total ${total}`,
  );
}

/**
 * Issue 43's list of every customer's month so far: the keeper pricing every customer from nothing
 * (this month and the last, as after a deploy), then the staff's list read from the kept rows, the
 * median of five reads.
 */
async function keptListBench(db: Db, app: Awaited<ReturnType<typeof buildApp>>, authorization: string, record: Record) {
  const t0 = performance.now();
  await accrualKeeper(app.db, app.log).catchUp();
  const [{ customers, rows }] = await db.query<{ customers: number; rows: number }>(
    'SELECT (SELECT count(*)::int FROM accrual_keeping WHERE computed_at IS NOT NULL) AS customers, (SELECT count(*)::int FROM accrual_totals) AS rows',
  );
  const keeping = performance.now() - t0;
  record(
    `finance: every customer's month so far priced and kept (${db.kind})`,
    `${(keeping / 1000).toFixed(1)} s for ${customers} customers (${(keeping / Math.max(customers, 1)).toFixed(0)} ms each), ${rows} kept rows`,
  );
  const times: number[] = [];
  let listed = 0;
  for (let i = 0; i < 5; i++) {
    const t1 = performance.now();
    const reply = await app.inject({
      method: 'GET',
      url: '/api/1.0/finance/accruals/customers?month=2026-11&sort=-forecast',
      headers: { authorization },
    });
    times.push(performance.now() - t1);
    const body = reply.json() as { code: number; message: string; data: { total: number } };
    if (body.code !== 20000) throw new Error(`kept list bench: ${body.message}`);
    listed = body.data.total;
  }
  record(
    `finance: list of every customer's month so far, ${listed} rows (${db.kind})`,
    `${times.sort((a, b) => a - b)[2].toFixed(0)} ms median of 5`,
  );
}

/**
 * `npm run bench`: the bills of every customer for one month, generated set-based through the API
 * (POST /finance/bills/generate) in this process: time and this process's peak memory. 500 customers
 * over 1M lots on PostgreSQL (DATABASE_URL); 50 over 100k on the embedded PGlite otherwise.
 */
export async function financeBench(record: Record) {
  const databaseUrl = process.env.DATABASE_URL;
  const [customers, lotsEach] = databaseUrl ? [500, 2000] : [50, 2000];
  let db: Db;
  let drop = async () => undefined as void;
  if (databaseUrl) {
    const name = `bench_finance_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    db = await openDatabase({ databaseUrl: url.toString() });
    drop = async () => {
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  } else db = await openDatabase({});
  try {
    await prepareDatabase(db);
    const started = performance.now();
    const warehouseId = await seed(db, customers, lotsEach);
    const label = `${customers} customers, ${((customers * lotsEach) / 1e6).toFixed(1)}M lots (${db.kind})`;
    record(`finance: seed ${label}`, `${((performance.now() - started) / 1000).toFixed(1)} s`);
    const app = await buildApp({ db });
    const authorization = await adminAuthorization(app);
    const rssBefore = process.memoryUsage().rss;
    const t0 = performance.now();
    const reply = await app.inject({
      method: 'POST',
      url: '/api/1.0/finance/bills/generate',
      headers: { authorization },
      payload: { warehouseId, ...PERIOD },
    });
    const ms = performance.now() - t0;
    const body = reply.json() as { code: number; message: string; data: { created: unknown[]; skipped: unknown[] } };
    if (body.code !== 20000) throw new Error(`finance bench: ${body.message}`);
    const [{ runs, total }] = await db.query<{ runs: number; total: string }>(
      'SELECT (SELECT count(*)::int FROM bill_storage_days) AS runs, (SELECT sum(total)::text FROM bills) AS total',
    );
    const peakMb = process.resourceUsage().maxRSS / 1024;
    record(
      `finance: bills for one month, ${label}`,
      `${(ms / 1000).toFixed(1)} s, ${body.data.created.length} bills, ${runs} explained storage runs, total ${total}; peak RSS ${peakMb.toFixed(0)} MB (${((process.memoryUsage().rss - rssBefore) / 1048576).toFixed(0)} MB over the start)`,
    );
    await accrualsBench(db, app, authorization, warehouseId, record);
    await keptListBench(db, app, authorization, record);
    await app.close();
  } finally {
    await db.close();
    await drop();
  }
}
