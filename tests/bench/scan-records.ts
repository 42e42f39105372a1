import { randomUUID } from 'node:crypto';

type Call = (method: string, path: string, body?: unknown) => Promise<{ code: number; message?: string; data: any }>;

const BATCH = 100;

/** Scans as a phone's log holds them: each with the id the device made. */
const scansOf = (count: number, code: string) =>
  Array.from({ length: count }, () => ({ id: randomUUID(), code, at: new Date().toISOString() }));

/**
 * Issue 41's scan records, as a phone's queue sends them after a dead spot: 500 scans waiting sent
 * in batches of 100 (the time until all are counted), and 2,000 sent with one answer in ten lost
 * and five reloads that send again batches already counted (what the server counts: exactly
 * 2,000, none lost, none twice).
 */
export async function scanRecordsBench(call: Call, record: (name: string, value: string) => void) {
  const org = (await call('GET', '/organizations?organizationCode=HD001')).data.rows[0].id;
  const warehouseId = (await call('GET', '/config/warehouses?shortName=RTM-BT')).data.rows[0].id;
  const [sku] = (await call('GET', `/products/skus?organizationId=${org}&pageSize=1&sort=id`)).data.rows;
  const code = sku.barcode ?? `BENCH-SCAN-${sku.id}`;
  if (!sku.barcode) await call('PUT', `/products/skus/${sku.id}`, { barcode: code, version: sku.version });
  const awaiting = async () => {
    const { data } = await call('POST', '/inventory/inbounds', {
      organizationId: org,
      warehouseId,
      inboundType: 1,
      products: [{ skuId: sku.id, pieces: 2000, pallets: 4 }],
    });
    await call('POST', `/inventory/inbounds/${data.id}/submit`);
    return `/inventory/inbounds/${data.id}/scans`;
  };
  const send = (path: string, scans: object[]) => call('POST', path, { device: 'bench', scans });
  const counted = async (path: string) =>
    (await call('GET', `${path}?limit=1`)).data.lines.find((l: { skuId: number }) => l.skuId === sku.id).scanned;

  const reconnect = await awaiting();
  const waiting = scansOf(500, code);
  const t0 = performance.now();
  for (let i = 0; i < waiting.length; i += BATCH) await send(reconnect, waiting.slice(i, i + BATCH));
  record(
    'scans: 500 queued scans sent after reconnecting, in batches of 100',
    `${(performance.now() - t0).toFixed(0)} ms until all counted (${await counted(reconnect)} counted)`,
  );

  const lossy = await awaiting();
  const log = scansOf(2000, code);
  const batches = Array.from({ length: log.length / BATCH }, (_, i) => log.slice(i * BATCH, (i + 1) * BATCH));
  const reloadsAt = new Set([3, 7, 11, 14, 18]);
  let sent = 0;
  for (const [n, batch] of batches.entries()) {
    await send(lossy, batch);
    sent += batch.length;
    // One answer in ten lost: the phone never heard it and sends the batch again.
    if (n % 10 === 4) {
      await send(lossy, batch);
      sent += batch.length;
    }
    // A reload before the log noted the last batches as counted: they go again.
    if (reloadsAt.has(n))
      for (const again of batches.slice(Math.max(0, n - 2), n + 1)) {
        await send(lossy, again);
        sent += again.length;
      }
  }
  const total = await counted(lossy);
  record(
    'scans: 2,000 with 1 answer in 10 lost and 5 reloads',
    `${sent} sent, ${total} counted: ${2000 - Math.min(total, 2000)} lost, ${Math.max(total - 2000, 0)} counted twice`,
  );
}
