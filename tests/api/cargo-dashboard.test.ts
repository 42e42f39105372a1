import { beforeAll, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { stockMoves } from '../helpers/finance';

/**
 * The cargo dashboard for staff (issue 25): admins see everything (DESIGN 4), so they open it for
 * any customer they name; naming one the user does not see shows nothing, as the reports do.
 */
const tokens: Record<string, string> = {};
let shipperOrg: number;

const api = fileApi();
beforeAll(async () => {
  for (const role of ['admin', 'editor', 'shipper']) tokens[role] = await api.login(role);
  shipperOrg = (await api.call('POST', '/system/users/getInfo', { token: tokens.shipper })).data.organizationId;
}, 120_000);

const get = (role: string, path: string) => api.call('GET', path, { token: tokens[role] });

it('gives admins the page, showing the customer they name as the customer sees it', async () => {
  const info = await api.call('POST', '/system/users/getInfo', { token: tokens.admin });
  expect(info.data.resources).toContainEqual({ name: 'cargo.dashboard', type: 1 });
  for (const path of ['/statistics/cargo', '/statistics/cargo/dashboard']) {
    const own = await get('shipper', path);
    const named = await get('admin', `${path}?organizationId=${shipperOrg}`);
    expect(named).toMatchObject({ status: 200, code: 20000 });
    expect(named.data).toEqual(own.data);
  }
  // Not the empty dashboard of no organization: the customer's products are counted.
  expect((await get('admin', `/statistics/cargo?organizationId=${shipperOrg}`)).data.products).toBeGreaterThan(0);
});

it('shows nothing of a customer the user does not see, and refuses a bad id with 40001', async () => {
  const other = (await get('admin', '/organizations?pageSize=100&sort=id')).data.rows.find(
    (o: { id: number }) => o.id !== shipperOrg,
  ).id;
  expect((await get('admin', `/statistics/cargo?organizationId=${other}`)).data.products).toBeGreaterThan(0);
  const peek = await get('shipper', `/statistics/cargo?organizationId=${other}`);
  expect(peek.code).toBe(20000);
  expect(Object.values(peek.data).every((n) => n === 0)).toBe(true);
  const dashboard = await get('shipper', `/statistics/cargo/dashboard?organizationId=${other}`);
  expect([dashboard.data.stock, dashboard.data.inTransit, dashboard.data.unpaidBills]).toEqual([[], [], []]);
  expect((await get('shipper', `/statistics/cargo?organizationId=${shipperOrg}`)).data.products).toBeGreaterThan(0);
  const bad = await get('admin', '/statistics/cargo/dashboard?organizationId=abc');
  expect(bad).toMatchObject({ status: 400, code: 40001 });
  expect(bad.data.errors[0].field).toBe('organizationId');
});

it('sums stock by warehouse over all of it, and says how many there are in all when a list stops short', async () => {
  // More shipments at sea than the list shows (100), written as an import would.
  await api.db.query(
    `INSERT INTO shipments(organization_id, bl_no, etd, atd, eta)
     SELECT $1, 'BLCAP' || g, current_date - 10, current_date - 9, current_date + g FROM generate_series(1, 101) g`,
    [shipperOrg],
  );
  const warehouse = (await get('admin', '/config/warehouses?pageSize=1&sort=id')).data.rows[0];
  const sku = (await get('admin', `/products/skus?organizationId=${shipperOrg}&pageSize=1`)).data.rows[0];
  await stockMoves(api, tokens.admin, warehouse.id).receive(shipperOrg, sku.id, 40, 3, '2026-11-02');
  const { data } = await get('shipper', '/statistics/cargo/dashboard');
  expect(data.stockByWarehouse).toEqual([{ warehouse: warehouse.name, pallets: 3 }]);
  const [{ n }] = await api.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM shipments WHERE organization_id = $1 AND atd IS NOT NULL AND ata IS NULL',
    [shipperOrg],
  );
  expect(n).toBeGreaterThan(100);
  expect(data.inTransit).toHaveLength(100);
  expect(data.totals).toEqual({ stock: data.stock.length, inTransit: n, unpaidBills: data.unpaidBills.length });
});
