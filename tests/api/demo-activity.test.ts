import { expect, it } from 'vitest';
import { seedActivity } from '../../src/server/seed/activity';
import { fileApi } from '../helpers/api';
import { expectStockInvariants } from '../helpers/stock-invariants';

const api = fileApi();

it('makes the demo activity through the workflows: shipments, stock and outbounds that add up', async () => {
  await seedActivity(api.app);
  const admin = await api.login('admin');
  const total = async (path: string) => (await api.call('GET', path, { token: admin })).data.total;
  expect(await total('/shipments')).toBe(9);
  expect(await total('/inventory/inbounds?status=6')).toBe(6);
  // Three outbounds of their own per customer, and the demo shipper's mall orders (src/server/seed/orders.ts):
  // three shipped, one approved and waiting for the warehouse.
  expect(await total('/inventory/outbounds?status=6')).toBe(6);
  expect(await total('/inventory/outbounds?status=3')).toBe(4);
  const counts = (await api.call('GET', '/statistics/counts', { token: admin })).data;
  expect(counts).toMatchObject({ shipmentsAtSea: 3, inboundsAwaiting: 0, outboundsAwaiting: 4 });
  // The shipper sees their own organization's share, and the reservation of their waiting outbound.
  const shipper = await api.login('shipper');
  const own = (await api.call('GET', '/statistics/cargo', { token: shipper })).data;
  expect(own).toMatchObject({ shipments: 3, shipmentsAtSea: 1, outboundsAwaiting: 2 });
  const reserved = (await api.call('GET', '/inventory/products?pageSize=100', { token: shipper })).data.rows.filter(
    (r: { reserved: number }) => r.reserved > 0,
  );
  expect(reserved.map((r: { reserved: number }) => r.reserved)).toEqual([130]);
  const orders = (await api.call('GET', '/orders?pageSize=100&sort=id', { token: shipper })).data.rows.map(
    (o: { status: number }) => o.status,
  );
  expect(orders).toEqual([21, 18, 15, 6, 2, 3]);
  await expectStockInvariants(api.db);
});
