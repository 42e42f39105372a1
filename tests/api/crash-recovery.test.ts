import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/open';
import { prepareDatabase } from '../../src/server/db/prepare';
import type { Db } from '../../src/server/db/types';
import { startServer } from '../bench/server-process';
import { newPostgresDatabase } from '../helpers/database';
import { expectStockInvariants } from '../helpers/stock-invariants';

/**
 * kill -9 of the server in the middle of inbound and outbound transitions, then a plain restart:
 * every transition that answered 20000 is there, nothing is half-written, on hand = sum of logs.
 * PGlite in a data dir by default; a new database on TEST_DATABASE_URL when set (CI's PostgreSQL).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
let env: Record<string, string>;
let open: () => Promise<Db>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (serverUrl) {
    const created = await newPostgresDatabase(serverUrl);
    env = { DATABASE_URL: created.url };
    open = () => openDatabase({ databaseUrl: created.url });
    cleanup = created.drop;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
    env = { DATA_DIR: dataDir };
    open = () => openDatabase({ dataDir });
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  // Master data only: the server then skips the demo activity, and the load below is all there is.
  const db = await open();
  await prepareDatabase(db);
  await db.close();
}, 120_000);
afterAll(() => cleanup());

type Ack = { kind: 'inbounds' | 'outbounds'; id: number; status: number };
/** Later states a document may have reached after the acknowledged one (its reply may be lost). */
const reachable: Record<number, number[]> = { 0: [0, 3, 6], 3: [3, 6], 6: [6] };

describe('a server killed under load', () => {
  it('comes back with every acknowledged transition and consistent stock', async () => {
    const server = await startServer(env);
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const response = await fetch(`${server.url}/api/1.0${path}`, {
        method,
        headers: {
          ...(token ? { authorization: token } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await response.json()) as { code: number; data: any };
    };
    const { data: session } = await call('POST', '/system/users/login', undefined, {
      username: 'admin',
      password: 'admin123',
    });
    const token = `${session.token_type} ${session.access_token}`;
    const org = (await call('GET', '/organizations?pageSize=1&sort=id', token)).data.rows[0].id;
    const warehouse = (await call('GET', '/config/warehouses?shortName=LAX-ONT', token)).data.rows[0].id;
    const skus: { id: number }[] = (await call('GET', `/products/skus?organizationId=${org}&pageSize=4&sort=id`, token))
      .data.rows;
    expect(skus.length).toBeGreaterThan(1);

    const acks: Ack[] = [];
    const KILL_AFTER = 60;
    let killed = false;
    const step = async (kind: Ack['kind'], id: number, action: string, body: object, status: number) => {
      const reply = await call('POST', `/inventory/${kind}/${id}/${action}`, token, body);
      if (reply.code === 20000) acks.push({ kind, id, status });
      return reply.code === 20000;
    };
    const worker = async (n: number) => {
      for (let round = 0; !killed; round++) {
        const sku = skus[(n + round) % skus.length].id;
        const inbound = await call('POST', '/inventory/inbounds', token, {
          organizationId: org,
          warehouseId: warehouse,
          inboundType: 1,
          plannedInboundDate: '2026-11-05',
          products: [
            { skuId: sku, pieces: 10, pallets: 1 },
            { skuId: skus[0].id, pieces: 5, pallets: 1 },
          ],
        });
        if (inbound.code !== 20000) continue;
        acks.push({ kind: 'inbounds', id: inbound.data.id, status: 0 });
        if (!(await step('inbounds', inbound.data.id, 'submit', {}, 3))) continue;
        if (!(await step('inbounds', inbound.data.id, 'confirm', { inboundDate: '2026-11-06' }, 6))) continue;
        const outbound = await call('POST', '/inventory/outbounds', token, {
          organizationId: org,
          warehouseId: warehouse,
          outboundType: 1,
          requestDate: '2026-11-20',
          notifier: 'Crash',
          products: [{ skuId: sku, pieces: 4 }],
        });
        if (outbound.code !== 20000) continue;
        acks.push({ kind: 'outbounds', id: outbound.data.id, status: 0 });
        if (!(await step('outbounds', outbound.data.id, 'submit', {}, 3))) continue;
        await step('outbounds', outbound.data.id, 'confirm', { actualDate: '2026-11-21' }, 6);
      }
    };
    // Killed once enough transitions are acknowledged: a state, not a time.
    const killer = (async () => {
      while (acks.length < KILL_AFTER) await new Promise((resolve) => setImmediate(resolve));
      killed = true;
      server.kill();
    })();
    await Promise.all([killer, ...Array.from({ length: 6 }, (_, n) => worker(n).catch(() => undefined))]);

    const again = await startServer(env);
    const { data: fresh } = (await (
      await fetch(`${again.url}/api/1.0/system/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      })
    ).json()) as { data: { token_type: string; access_token: string } };
    const token2 = `${fresh.token_type} ${fresh.access_token}`;
    const latest = new Map<string, Ack>();
    for (const ack of acks) {
      const key = `${ack.kind}/${ack.id}`;
      if ((latest.get(key)?.status ?? -1) < ack.status) latest.set(key, ack);
    }
    let found = 0;
    for (const ack of latest.values()) {
      const doc = (await (
        await fetch(`${again.url}/api/1.0/inventory/${ack.kind}/${ack.id}`, { headers: { authorization: token2 } })
      ).json()) as { code: number; data: { status: number } };
      if (doc.code === 20000 && reachable[ack.status].includes(doc.data.status)) found++;
    }
    await again.stop();
    console.log(
      `crash recovery (${serverUrl ? 'PostgreSQL' : 'PGlite'}): ${acks.length} transitions acknowledged over ${latest.size} documents, ${found} found`,
    );
    expect(found).toBe(latest.size);

    const db = await open();
    try {
      await expectStockInvariants(db);
      const halfDone = await db.query(`
        SELECT i.id FROM inbounds i
         WHERE (i.status = 6) <> EXISTS (SELECT 1 FROM lots l WHERE l.inbound_id = i.id)
        UNION ALL
        SELECT o.id FROM outbounds o
         WHERE (o.status = 6) <> EXISTS (SELECT 1 FROM change_logs c WHERE c.outbound_id = o.id)`);
      expect(halfDone).toEqual([]);
    } finally {
      await db.close();
    }
  }, 240_000);
});
