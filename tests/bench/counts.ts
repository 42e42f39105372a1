import { randomUUID } from 'node:crypto';
import { buildApp } from '../../src/server/app';
import { prepareDatabase } from '../../src/server/db/prepare';
import type { Db } from '../../src/server/db/types';
import { benchDatabase } from './reports';
import { adminAuthorization } from './admin-authorization';

type Record = (name: string, value: string) => void;

const LOTS = 100_000;
/** A phone's batch at most (the scans body's maxItems). */
const BATCH = 500;

/**
 * A warehouse of its own holding LOTS lots of 10 pieces over every demo SKU, each received with its
 * change log and summed into its inventory row, as the workflows would leave them. Set-based SQL.
 */
async function seed(db: Db) {
  const [{ id: warehouse }] = await db.query<{ id: number }>(
    "INSERT INTO warehouses(name, short_name, time_zone, status) VALUES ('Count DC', 'COUNT-DC', 'America/Los_Angeles', 6) RETURNING id",
  );
  await db.query(
    `INSERT INTO inventory(organization_id, warehouse_id, sku_id, product_id, pieces, pallets, reserved)
     SELECT organization_id, $1, id, product_id, 0, 0, 0 FROM skus`,
    [warehouse],
  );
  await db.query(
    `WITH inv AS (SELECT i.id, i.organization_id, i.sku_id, row_number() OVER (ORDER BY i.id) - 1 AS n, count(*) OVER () AS total
                    FROM inventory i WHERE i.warehouse_id = $1)
     INSERT INTO lots(inventory_id, organization_id, warehouse_id, sku_id, inbound_date, pieces_in, pallets_in, pieces, pallets)
     SELECT inv.id, inv.organization_id, $1, inv.sku_id, date '2026-10-01' - (g % 200), 10, 1, 10, 1
       FROM generate_series(0, $2 - 1) g JOIN inv ON inv.n = g % inv.total`,
    [warehouse, LOTS],
  );
  await db.query(
    `INSERT INTO change_logs(change_type, document_no, organization_id, warehouse_id, sku_id, lot_id, pieces, pallets, balance_after)
     SELECT 1, 'BENCH-COUNT', organization_id, warehouse_id, sku_id, id, pieces, pallets, pieces FROM lots WHERE warehouse_id = $1`,
    [warehouse],
  );
  await db.query(
    `UPDATE inventory i SET pieces = s.pieces, pallets = s.pallets
       FROM (SELECT inventory_id, sum(pieces)::int AS pieces, sum(pallets)::int AS pallets FROM lots WHERE warehouse_id = $1 GROUP BY 1) s
      WHERE i.id = s.inventory_id`,
    [warehouse],
  );
  for (const table of ['lots', 'inventory', 'change_logs']) await db.query(`ANALYZE ${table}`);
  return warehouse;
}

/**
 * `npm run bench`: issue 42's cycle count of a whole warehouse of 100,000 lots through the API in
 * this process: planned and started (its lines the lots with their pieces, one INSERT … SELECT),
 * every lot's label scanned as a phone sends them (one piece short each), submitted (each line's
 * variance, one UPDATE) and approved (100,000 adjustments posted, set-based), each step timed.
 * Figures only; PostgreSQL over DATABASE_URL, else the embedded PGlite.
 */
export async function countBench(record: Record) {
  const { db, drop } = await benchDatabase(process.env.DATABASE_URL);
  try {
    await prepareDatabase(db);
    const warehouseId = await seed(db);
    const app = await buildApp({ db });
    const authorization = await adminAuthorization(app);
    const call = async (method: 'POST' | 'GET', url: string, payload?: object) => {
      const t0 = performance.now();
      const reply = await app.inject({ method, url: `/api/1.0${url}`, headers: { authorization }, payload });
      const body = reply.json() as { code: number; message: string; data: any };
      if (body.code !== 20000) throw new Error(`count bench: ${url}: ${body.message}`);
      return { ms: performance.now() - t0, data: body.data };
    };
    const label = `${LOTS.toLocaleString('en')} lots (${db.kind})`;

    const planned = await call('POST', '/inventory/counts', { warehouseId });
    const id = planned.data.id as number;
    const started = await call('POST', `/inventory/counts/${id}/start`);
    record(
      `count: plan and start, ${label}`,
      `${(planned.ms + started.ms).toFixed(0)} ms, ${started.data.lineCount} lines`,
    );

    const lots = await db.query<{ id: number; pieces: number }>(
      'SELECT lot_id AS id, expected AS pieces FROM count_lines WHERE count_id = $1 ORDER BY lot_id',
      [id],
    );
    let scanning = 0;
    for (let i = 0; i < lots.length; i += BATCH) {
      const scans = lots.slice(i, i + BATCH).map((lot) => ({
        id: randomUUID(),
        code: `L${lot.id}`,
        pieces: lot.pieces - 1,
        at: new Date().toISOString(),
      }));
      scanning += (await call('POST', `/inventory/counts/${id}/scans`, { device: 'bench', scans })).ms;
    }
    record(
      `count: every lot's label scanned, in batches of ${BATCH}, ${label}`,
      `${(scanning / 1000).toFixed(1)} s for ${Math.ceil(lots.length / BATCH)} batches (${(scanning / Math.ceil(lots.length / BATCH)).toFixed(0)} ms each)`,
    );

    const submitted = await call('POST', `/inventory/counts/${id}/submit`);
    record(`count: submit, ${label}`, `${submitted.ms.toFixed(0)} ms, ${submitted.data.differences} lines differ`);
    const approved = await call('POST', `/inventory/counts/${id}/approve`);
    const [{ adjustments }] = await db.query<{ adjustments: number }>(
      'SELECT count(*)::int AS adjustments FROM change_logs WHERE count_id = $1',
      [id],
    );
    record(`count: approve, ${label}`, `${approved.ms.toFixed(0)} ms, ${adjustments} adjustments posted`);
    await app.close();
  } finally {
    await db.close();
    await drop();
  }
}
