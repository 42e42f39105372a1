import { beforeAll, expect, it } from 'vitest';
import type { RowsChanged } from '../../src/server/db/changes';
import { fileApi } from '../helpers/api';

/**
 * The caches drop what a write changed, not the whole table (issue 31): each committed transaction
 * tells which rows of which table it changed, their ids and organizations, and for an update the
 * columns it changed, as the row triggers noted them (migrations 0017 and 0024).
 */
let admin: string;
let shipper: string;
let ownOrg: number;
const heard: { table: string | null; rows?: RowsChanged }[] = [];

const api = fileApi();
beforeAll(async () => {
  [admin, shipper] = await Promise.all(['admin', 'shipper'].map((u) => api.login(u)));
  ownOrg = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
  api.db.onChange((table, rows) => heard.push({ table, rows }));
});

const products = () => heard.filter((h) => h.table === 'products');

/**
 * Waits until the last write has been told as often as it will be: at its commit, and on
 * PostgreSQL once more by its own notification, which arrives after.
 */
const settled = async () => {
  const times = api.db.kind === 'postgres' ? 2 : 1;
  while (products().length < times) await new Promise((resolve) => setImmediate(resolve));
  return products();
};

it("tells an edit's record, organization and changed columns, and a list read before it answers the edit", async () => {
  const before = await api.call('GET', '/products?pageSize=5', { token: shipper });
  const product = before.data.rows[0];
  heard.length = 0;
  const edited = await api.call('PUT', `/products/${product.id}`, {
    token: admin,
    body: { ...product, nameEn: 'Renamed for the notes' },
  });
  expect(edited.code).toBe(20000);
  // Only what differs: the form sent every field back, the name alone new.
  const told = {
    table: 'products',
    rows: { ids: [product.id], orgs: [ownOrg], columns: ['name_en', 'updated_at', 'version'] },
  };
  expect(await settled()).toEqual(api.db.kind === 'postgres' ? [told, told] : [told]);
  const after = await api.call('GET', '/products?pageSize=5', { token: shipper });
  expect(after.data.rows[0]).toMatchObject({ id: product.id, nameEn: 'Renamed for the notes' });
  expect((await api.call('GET', `/products/${product.id}`, { token: shipper })).data.nameEn).toBe(
    'Renamed for the notes',
  );
});

it('tells both organizations of a row that moves, and only the table of a statement over many rows', async () => {
  const [{ id, other }] = await api.db.query<{ id: number; other: number }>(
    'SELECT p.id, (SELECT min(id) FROM organizations WHERE id <> $1) AS other FROM products p WHERE organization_id = $1 ORDER BY id LIMIT 1',
    [ownOrg],
  );
  heard.length = 0;
  await api.db.transaction((tx) => tx.query('UPDATE products SET organization_id = $2 WHERE id = $1', [id, other]));
  const moved = {
    table: 'products',
    rows: { ids: [id], orgs: [ownOrg, other].sort((a, b) => a - b), columns: ['organization_id'] },
  };
  for (const h of await settled()) expect(h).toEqual(moved);
  expect((await api.call('GET', `/products/${id}`, { token: shipper })).status).toBe(404);

  heard.length = 0;
  const [{ n }] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  expect(n).toBeGreaterThan(50);
  await api.db.transaction((tx) => tx.query('UPDATE products SET version = version + 1'));
  for (const all of await settled()) expect(all.rows).toEqual({ orgs: expect.any(Array) });

  heard.length = 0;
  await api.db.transaction((tx) => tx.query('UPDATE products SET version = version + 1 WHERE id = 0'));
  expect(products()).toEqual([]);
});

it('tells no columns of an insert or a delete: rows came or went, whatever they hold', async () => {
  heard.length = 0;
  const made = await api.call('POST', '/products', {
    token: admin,
    body: { organizationId: ownOrg, shortName: 'NOTES1', nameCn: 'NOTES1', chargeUnit: 1, hazardousClass: 0 },
  });
  expect(made.code).toBe(20000);
  const told = { table: 'products', rows: { ids: [made.data.id], orgs: [ownOrg] } };
  for (const h of await settled()) expect(h).toEqual(told);
  heard.length = 0;
  expect((await api.call('DELETE', `/products/${made.data.id}`, { token: admin })).code).toBe(20000);
  for (const h of await settled()) expect(h).toEqual(told);
});
