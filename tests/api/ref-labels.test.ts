import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
let admin: string;
let shipper: string;

beforeAll(async () => {
  api = await startApi();
  [admin, shipper] = await Promise.all(['admin', 'shipper'].map((u) => api.login(u)));
});
afterAll(() => api.close());

describe('a list answer carries the names of the records its rows point at', () => {
  it('gives every referenced id its naming fields in each language', async () => {
    const { data } = await api.call('GET', '/config/ports?pageSize=50', { token: admin });
    expect(data.rows.length).toBeGreaterThan(0);
    for (const port of data.rows) {
      const names = data.labels.countryId[String(port.countryId)];
      expect(names).toBeDefined();
      expect(Object.values(names).some((v) => typeof v === 'string' && v.length > 0)).toBe(true);
    }
  });

  it('names a customer in English and in Chinese on the product list', async () => {
    const { data } = await api.call('GET', '/products?pageSize=20', { token: admin });
    const org = (await api.call('GET', `/organizations/${data.rows[0].organizationId}`, { token: admin })).data;
    expect(data.labels.organizationId[String(org.id)]).toEqual(expect.objectContaining({ organizationName: org.organizationName }));
  });

  it('names only records the viewer may see', async () => {
    const ownOrg = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
    const { data } = await api.call('GET', '/products?pageSize=1000', { token: shipper });
    expect(Object.keys(data.labels.organizationId)).toEqual([String(ownOrg)]);
  });

  it('answers an empty page as before, without labels', async () => {
    const { data } = await api.call('GET', '/config/ports?pageSize=5&q=no-such-port-anywhere', { token: admin });
    expect(data).toEqual({ rows: [], total: 0 });
  });
});
