import pg from 'pg';

type Call = (method: string, path: string, body?: unknown) => Promise<{ code: number; data: any }>;

const time = async <T>(run: () => Promise<T>) => {
  const t0 = performance.now();
  const result = await run();
  return { ms: performance.now() - t0, result };
};

/**
 * Stock figures (issue 6): confirming a 1,000-line inbound, 20 concurrent outbound submits, and,
 * on PostgreSQL, the inventory and change-log lists once the bench has added 2M change logs.
 */
export async function stockBench(call: Call, record: (name: string, value: string) => void) {
  const org = (await call('GET', '/organizations?organizationCode=HD001')).data.rows[0].id;
  const warehouseId = (await call('GET', '/config/warehouses?shortName=RTM-BT')).data.rows[0].id;
  const skus = (await call('GET', `/products/skus?organizationId=${org}&pageSize=10`)).data.rows.map((s: any) => s.id);
  const products = Array.from({ length: 1000 }, (_, i) => ({ skuId: skus[i % skus.length], pieces: 5, pallets: 1 }));
  const { data } = await call('POST', '/inventory/inbounds', {
    organizationId: org,
    warehouseId,
    inboundType: 1,
    products,
  });
  await call('POST', `/inventory/inbounds/${data.id}/submit`);
  const confirm = await time(() =>
    call('POST', `/inventory/inbounds/${data.id}/confirm`, { inboundDate: '2026-11-01' }),
  );
  record('confirm an inbound of 1,000 lines', `${confirm.ms.toFixed(0)} ms (code ${confirm.result.code})`);

  const outbounds = await Promise.all(
    Array.from({ length: 20 }, () =>
      call('POST', '/inventory/outbounds', {
        organizationId: org,
        warehouseId,
        outboundType: 1,
        requestDate: '2026-11-20',
        products: [{ skuId: skus[0], pieces: 1 }],
      }),
    ),
  );
  const submits = await time(() =>
    Promise.all(outbounds.map((o) => call('POST', `/inventory/outbounds/${o.data.id}/submit`))),
  );
  const ok = submits.result.filter((r) => r.code === 20000).length;
  record('20 concurrent outbound submits', `${submits.ms.toFixed(0)} ms for all, ${ok} reserved`);
}

/** Adds 2M change logs straight into PostgreSQL (the bench's own data), then times the lists. */
export async function bigStockBench(databaseUrl: string, call: Call, record: (name: string, value: string) => void) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seeded = await time(() =>
    client.query(`INSERT INTO change_logs(change_type, document_no, organization_id, warehouse_id, sku_id, lot_id, pieces, pallets, balance_after)
      SELECT 1 + (g % 5), 'BENCH-' || g, l.organization_id, l.warehouse_id, l.sku_id, l.id, 0, 0, l.pieces
        FROM generate_series(1, 2000000) g CROSS JOIN LATERAL (SELECT * FROM lots ORDER BY id LIMIT 1 OFFSET (g % 50)) l`),
  );
  await client.query('ANALYZE change_logs');
  record('seed 2M change logs (PostgreSQL)', `${(seeded.ms / 1000).toFixed(1)} s`);
  await client.end();
  for (const path of [
    '/inventory/products?pageSize=20',
    '/inventory/changeLogs?pageSize=20',
    '/inventory/changeLogs?pageSize=20&changeType=2&sort=-id',
  ]) {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) runs.push((await time(() => call('GET', path))).ms);
    record(`GET ${path} over 2M change logs`, `${Math.min(...runs).toFixed(0)} ms best of 5`);
  }
}
