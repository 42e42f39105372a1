import { expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

const api = fileApi();

it('counts what each dashboard user may see', async () => {
  const [admin, editor, shipper] = await Promise.all(['admin', 'editor', 'shipper'].map((u) => api.login(u)));
  const all = (await api.call('GET', '/statistics/counts', { token: admin })).data;
  expect(all).toMatchObject({ organizations: 22, countries: 249, users: 3 });
  expect(all.products).toBeGreaterThanOrEqual(50);
  const managed = (await api.call('GET', '/statistics/counts', { token: editor })).data;
  expect(managed.organizations).toBe(8);
  expect(managed.products).toBeLessThan(all.products);
  const own = await api.call('GET', '/statistics/cargo', { token: shipper });
  expect(own.data).toMatchObject({ products: 3, stockPieces: 0, inboundsAwaiting: 0 });
  expect(own.data.users).toBeUndefined();
  expect((await api.call('GET', '/statistics/counts', { token: shipper })).status).toBe(403);
});
