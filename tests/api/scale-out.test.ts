import { expect, it } from 'vitest';
import { expectStockInvariants } from '../helpers/stock-invariants';
import { twoInstances } from '../helpers/api';

/**
 * Two API instances on one database, as behind a load balancer (README "Scale out"). On PGlite both
 * share the one in-process database; on PostgreSQL (TEST_DATABASE_URL) each has its own pool, so
 * what one caches is dropped only through the database's change notifications.
 */
const { instances, call, login, db } = twoInstances();

/** Asks again until the answer is the one wanted: the other instance hears of a change as it is committed. */
const until = async (ask: () => Promise<number>, wanted: number) => {
  let got = await ask();
  while (got !== wanted) got = await ask();
  return got;
};

it('takes a token issued by one instance on the other', async () => {
  const token = await login(0, 'editor', 'editor123');
  const info = await call(1, 'POST', '/system/users/getInfo', token);
  expect(info.code).toBe(20000);
  expect(info.data.roles).toEqual(['editor']);
});

it('holds a logout made on one instance on the other', async () => {
  const token = await login(0, 'shipper', 'shipper123');
  expect((await call(1, 'GET', '/products', token)).code).toBe(20000);
  expect((await call(0, 'POST', '/system/users/logout', token)).code).toBe(20000);
  expect(await until(async () => (await call(1, 'GET', '/products', token)).code, 50008)).toBe(50008);
});

it('applies a policy change made on one instance on the other', async () => {
  const admin = await login(0, 'admin', 'admin123');
  const editor = await login(1, 'editor', 'editor123');
  const roles = (await call(0, 'GET', '/system/roles?pageSize=100', admin)).data.rows as { id: number; name: string }[];
  const editorRole = roles.find((r) => r.name === 'editor')!.id;
  const held = (
    (await call(0, 'GET', `/system/roles/${editorRole}/resources`, admin)).data.rows as { name: string }[]
  ).map((r) => r.name);
  // An empty body: refused as invalid (400) while the editor may create ports, forbidden (403) once not.
  const create = (instance: number) => async () => (await call(instance, 'POST', '/config/ports', editor, {})).status;
  expect(await create(1)()).toBe(400);
  const removed = await call(0, 'PUT', `/system/roles/${editorRole}/resources`, admin, {
    resources: held.filter((n) => n !== 'config.ports.create'),
  });
  expect(removed.code).toBe(20000);
  expect(await until(create(1), 403)).toBe(403);
  expect((await call(1, 'PUT', `/system/roles/${editorRole}/resources`, admin, { resources: held })).code).toBe(20000);
  expect(await until(create(0), 400)).toBe(400);
});

it('shows an edit made on one instance in the record and list pages read before on the other', async () => {
  const admin = await login(0, 'admin', 'admin123');
  const port = (await call(1, 'GET', '/config/ports?pageSize=1&sort=id', admin)).data.rows[0];
  // Read on instance 1 first, the record twice: its answers are now kept in its read cache
  // (engine/read-cache.ts keeps a record from its second reading).
  for (let i = 0; i < 2; i++)
    expect((await call(1, 'GET', `/config/ports/${port.id}`, admin)).data.nameEn).toBe(port.nameEn);
  const renamed = `${port.nameEn} (renamed)`;
  const saved = await call(0, 'PUT', `/config/ports/${port.id}`, admin, { ...port, nameEn: renamed });
  expect(saved.code).toBe(20000);
  const nameOn1 = async (path: string, pick: (data: any) => string) => pick((await call(1, 'GET', path, admin)).data);
  expect(
    await until(async () => ((await nameOn1(`/config/ports/${port.id}`, (d) => d.nameEn)) === renamed ? 1 : 0), 1),
  ).toBe(1);
  expect(
    await until(
      async () => ((await nameOn1('/config/ports?pageSize=1&sort=id', (d) => d.rows[0].nameEn)) === renamed ? 1 : 0),
      1,
    ),
  ).toBe(1);
});

it('serves a save made on one instance at once on the other to whoever brings its position (X-Read-After)', async () => {
  const admin = await login(0, 'admin', 'admin123');
  const port = (await call(0, 'GET', '/config/ports?pageSize=1&sort=-id', admin)).data.rows[0];
  for (let round = 0; round < 20; round++) {
    for (let i = 0; i < 2; i++) await call(1, 'GET', `/config/ports/${port.id}`, admin);
    const current = (await call(0, 'GET', `/config/ports/${port.id}`, admin)).data;
    const saved = await fetch(`${instances[0].url}/api/1.0/config/ports/${port.id}`, {
      method: 'PUT',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ ...current, nameEn: `Read after ${round}` }),
    });
    expect(saved.status).toBe(200);
    const position = saved.headers.get('x-read-after')!;
    expect(position).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    const read = await fetch(`${instances[1].url}/api/1.0/config/ports/${port.id}`, {
      headers: { authorization: admin, 'x-read-after': position },
    });
    expect(((await read.json()) as { data: { nameEn: string } }).data.nameEn).toBe(`Read after ${round}`);
  }
});

it('keeps on hand equal to the change logs under 20 concurrent confirms spread over both', async () => {
  const admin = await login(0, 'admin', 'admin123');
  const organizationId = (await call(0, 'GET', '/organizations?organizationCode=HD001', admin)).data.rows[0].id;
  const warehouseId = (await call(0, 'GET', '/config/warehouses?shortName=RTM-BT', admin)).data.rows[0].id;
  const skus = (
    await call(0, 'GET', `/products/skus?organizationId=${organizationId}&pageSize=5`, admin)
  ).data.rows.map((s: { id: number }) => s.id);
  const base = { organizationId, warehouseId };
  const inbound = await call(0, 'POST', '/inventory/inbounds', admin, {
    ...base,
    inboundType: 1,
    products: skus.map((skuId: number) => ({ skuId, pieces: 10, pallets: 1 })),
  });
  await call(0, 'POST', `/inventory/inbounds/${inbound.data.id}/submit`, admin);
  expect(
    (await call(1, 'POST', `/inventory/inbounds/${inbound.data.id}/confirm`, admin, { inboundDate: '2026-11-01' }))
      .code,
  ).toBe(20000);
  const outbounds: number[] = [];
  for (let i = 0; i < 10; i++) {
    const { data } = await call(i % 2, 'POST', '/inventory/outbounds', admin, {
      ...base,
      outboundType: 1,
      requestDate: '2026-11-20',
      products: skus.map((skuId: number) => ({ skuId, pieces: 1 })),
    });
    expect((await call(i % 2, 'POST', `/inventory/outbounds/${data.id}/submit`, admin)).code).toBe(20000);
    outbounds.push(data.id);
  }
  const replies = await Promise.all(
    [...outbounds, ...outbounds].map((id, i) =>
      call(i % 2, 'POST', `/inventory/outbounds/${id}/confirm`, admin, { actualDate: '2026-11-21' }),
    ),
  );
  expect(replies.filter((r) => r.code === 20000)).toHaveLength(10);
  expect(replies.filter((r) => r.code === 40901)).toHaveLength(10);
  await expectStockInvariants(db());
});
