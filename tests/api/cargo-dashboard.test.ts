import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api';

/**
 * The cargo dashboard for staff (issue 25): admins see everything (DESIGN 4), so they open it for
 * any customer they name; naming one the user does not see shows nothing, as the reports do.
 */
let api: TestApi;
const tokens: Record<string, string> = {};
let shipperOrg: number;

beforeAll(async () => {
  api = await startApi();
  for (const role of ['admin', 'editor', 'shipper']) tokens[role] = await api.login(role);
  shipperOrg = (await api.call('POST', '/system/users/getInfo', { token: tokens.shipper })).data.organizationId;
}, 120_000);
afterAll(() => api.close());

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
