import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/open';
import { prepareDatabase } from '../../src/server/db/prepare';
import type { Db } from '../../src/server/db/types';
import { httpApi } from '../helpers/http-api';
import { listeningApp } from '../helpers/other-instance';

type Record_ = (name: string, value: string) => void;

/**
 * A database of its own for a part of the bench: a new one on the PostgreSQL server (its `url` for
 * the servers a part starts), else in-memory PGlite.
 */
export async function benchDatabase(databaseUrl?: string): Promise<{ db: Db; url?: string; drop(): Promise<void> }> {
  if (!databaseUrl) return { db: await openDatabase({}), drop: async () => undefined };
  const name = `bench_reports_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    db: await openDatabase({ databaseUrl: url.toString() }),
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A busy year in set-based SQL: organizations with 20 SKUs each, stored in two of ten warehouses,
 * `lots` lots with inbound dates over the past year, one inbound change log per lot and one outbound
 * for each lot partly or wholly taken. The change logs go in through the triggers that keep the
 * per-day totals, as the workflows' inserts do; inventory rows are the lots summed.
 */
export async function seedYear(db: Db, size: { organizations: number; lots: number }) {
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  await q(
    `INSERT INTO organizations(organization_name, organization_code) SELECT 'Bench ' || g, 'BENCH' || g FROM generate_series(1, $1) g`,
    [size.organizations],
  );
  await q(
    `INSERT INTO warehouses(name, short_name, time_zone, status) SELECT 'Bench warehouse ' || g, 'BW' || g, 'Asia/Shanghai', 1 FROM generate_series(1, 10) g`,
  );
  await q(`INSERT INTO products(organization_id, short_name, name_cn, charge_unit, hazardous_class)
    SELECT id, 'Bench product', '测试产品', 2, 0 FROM organizations WHERE organization_code LIKE 'BENCH%'`);
  await q(`INSERT INTO skus(product_id, organization_id, title, quantity, quantity_unit, packing_type, unit_price, price_type, currency, warehouse_status)
    SELECT p.id, p.organization_id, 'Bench SKU ' || g, 1 + g % 3, 7, 2, (1 + g % 9) * 1.25, 1 + g % 2, 1 + (p.organization_id + g) % 3, 6
      FROM products p CROSS JOIN generate_series(1, 20) g WHERE p.short_name = 'Bench product'`);
  await q(`INSERT INTO inventory(organization_id, warehouse_id, sku_id, product_id, pieces, pallets, reserved)
    SELECT s.organization_id, w.id, s.id, s.product_id, 0, 0, 0
      FROM skus s JOIN LATERAL (SELECT id FROM warehouses WHERE short_name IN ('BW' || (1 + s.id % 10), 'BW' || (1 + (s.id + 3) % 10))) w ON true
     WHERE s.title LIKE 'Bench SKU%'`);
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM inventory i JOIN skus s ON s.id = i.sku_id WHERE s.title LIKE 'Bench SKU%'`,
  );
  const perRow = Math.ceil(size.lots / n);
  await q(
    `INSERT INTO lots(inventory_id, organization_id, warehouse_id, sku_id, inbound_date, pieces_in, pallets_in, pieces, pallets)
    SELECT i.id, i.organization_id, i.warehouse_id, i.sku_id, current_date - ((i.id * 7 + g * 13) % 365),
           100, 4, CASE WHEN g % 5 < 3 THEN 0 ELSE 80 - (g % 4) * 20 END, CASE WHEN g % 5 < 3 THEN 0 ELSE 3 - g % 4 END
      FROM inventory i JOIN skus s ON s.id = i.sku_id CROSS JOIN generate_series(1, $1) g WHERE s.title LIKE 'Bench SKU%'`,
    [perRow],
  );
  await q(`UPDATE inventory i SET pieces = l.pieces, pallets = l.pallets, reserved = l.pieces / 10
    FROM (SELECT inventory_id, sum(pieces) AS pieces, sum(pallets) AS pallets FROM lots GROUP BY inventory_id) l WHERE l.inventory_id = i.id`);
  await q(`INSERT INTO change_logs(change_type, document_no, organization_id, warehouse_id, sku_id, lot_id, pieces, pallets, balance_after, created_at)
    SELECT 1, 'BENCH-IN-' || l.id, l.organization_id, l.warehouse_id, l.sku_id, l.id, l.pieces_in, l.pallets_in, l.pieces_in, l.inbound_date + time '10:00'
      FROM lots l WHERE l.organization_id IN (SELECT id FROM organizations WHERE organization_code LIKE 'BENCH%')`);
  await q(`INSERT INTO change_logs(change_type, document_no, organization_id, warehouse_id, sku_id, lot_id, pieces, pallets, balance_after, created_at)
    SELECT 2, 'BENCH-OUT-' || l.id, l.organization_id, l.warehouse_id, l.sku_id, l.id, l.pieces - l.pieces_in, l.pallets - l.pallets_in, l.pieces,
           least(l.inbound_date + (l.id % 60), current_date) + time '15:00'
      FROM lots l WHERE l.organization_id IN (SELECT id FROM organizations WHERE organization_code LIKE 'BENCH%') AND l.pieces < l.pieces_in`);
  // As autovacuum leaves a busy database: statistics and visibility maps up to date.
  for (const t of ['organizations', 'skus', 'inventory', 'lots', 'change_logs', 'stock_daily'])
    await q(`VACUUM ANALYZE ${t}`);
  const [counts] = await db.query<{ logs: number; lots: number; days: number }>(
    `SELECT (SELECT count(*)::int FROM change_logs) AS logs, (SELECT count(*)::int FROM lots) AS lots, (SELECT count(*)::int FROM stock_daily) AS days`,
  );
  return counts;
}

const bestOf = async (runs: number, fn: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `${times[0].toFixed(0)} ms best, ${times[Math.floor(runs / 2)].toFixed(0)} ms median of ${runs}`;
};

/**
 * Issue 17's figures: the inventory report for one organization, one warehouse and all
 * organizations, and the staff dashboard, over a year of stock (2M change logs, 1M lots, 500
 * organizations on PostgreSQL; a tenth of the logs and lots on PGlite, whose single in-process
 * connection makes the full size a matter of minutes to seed).
 */
export async function reportsBench(record: Record_, databaseUrl = process.env.DATABASE_URL) {
  const full = Boolean(databaseUrl);
  const size = full ? { organizations: 500, lots: 1_000_000 } : { organizations: 500, lots: 100_000 };
  const { db, drop } = await benchDatabase(databaseUrl);
  try {
    await prepareDatabase(db);
    const t0 = performance.now();
    const counts = await seedYear(db, size);
    const where = `${full ? 'PostgreSQL' : 'PGlite'}, ${counts.logs.toLocaleString('en')} change logs, ${counts.lots.toLocaleString('en')} lots, ${size.organizations} organizations`;
    record(
      `reports: seed a year (${where})`,
      `${((performance.now() - t0) / 1000).toFixed(1)} s, ${counts.days.toLocaleString('en')} per-day totals`,
    );
    const { app, url } = await listeningApp(db);
    const http = httpApi(url);
    const token = await http.login('admin');
    const get = (path: string) => http.ok('GET', path, token);
    const [{ org }] = await db.query<{ org: number }>(
      `SELECT id AS org FROM organizations WHERE organization_code = 'BENCH250'`,
    );
    const [{ warehouse }] = await db.query<{ warehouse: number }>(
      `SELECT id AS warehouse FROM warehouses WHERE short_name = 'BW5'`,
    );
    const cases: [string, string][] = [
      ['inventory report, one organization (<= 100 ms)', `/statistics/inventory?organizationId=${org}`],
      ['inventory report, one warehouse (<= 100 ms)', `/statistics/inventory?warehouseId=${warehouse}`],
      ['inventory report, all organizations summary (<= 1 s)', '/statistics/inventory?groupBy=organization'],
    ];
    for (const [name, path] of cases) record(`reports: ${name}`, await bestOf(5, () => get(path)));
    record(
      'reports: staff dashboard, counts + charts (<= 300 ms)',
      await bestOf(5, () => Promise.all([get('/statistics/counts'), get('/statistics/dashboard')])),
    );
    await app.close();
  } finally {
    await db.close();
    await drop();
  }
}
