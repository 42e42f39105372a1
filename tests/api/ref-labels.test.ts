import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let admin: string;
let shipper: string;

const api = fileApi();
beforeAll(async () => {
  [admin, shipper] = await Promise.all(['admin', 'shipper'].map((u) => api.login(u)));
});

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
    expect(data.labels.organizationId[String(org.id)]).toEqual(
      expect.objectContaining({ organizationName: org.organizationName }),
    );
  });

  it("names the page's own records alone, and a renamed one by its new name at once", async () => {
    const list = async () => (await api.call('GET', '/products?pageSize=5&sort=id', { token: admin })).data;
    const before = await list();
    const onPage = new Set(before.rows.map((row: { organizationId: number }) => String(row.organizationId)));
    expect(new Set(Object.keys(before.labels.organizationId))).toEqual(onPage);
    const org = (await api.call('GET', `/organizations/${before.rows[0].organizationId}`, { token: admin })).data;
    const renamed = await api.call('PUT', `/organizations/${org.id}`, {
      token: admin,
      body: { ...org, organizationName: `${org.organizationName} (renamed)` },
    });
    expect(renamed.code, JSON.stringify(renamed)).toBe(20000);
    expect((await list()).labels.organizationId[String(org.id)].organizationName).toBe(
      `${org.organizationName} (renamed)`,
    );
  });

  it('names only records the viewer may see', async () => {
    const ownOrg = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
    const { data } = await api.call('GET', '/products?pageSize=1000', { token: shipper });
    expect(Object.keys(data.labels.organizationId)).toEqual([String(ownOrg)]);
  });

  it('names records by a number as text (stock lots are named by their id)', async () => {
    const org = (await api.call('GET', '/organizations?pageSize=1', { token: admin })).data.rows[0].id;
    const warehouseId = (await api.call('GET', '/config/warehouses?pageSize=1', { token: admin })).data.rows[0].id;
    const skuId = (await api.call('GET', `/products/skus?organizationId=${org}&pageSize=1`, { token: admin })).data
      .rows[0].id;
    const { data } = await api.call('POST', '/inventory/inbounds', {
      token: admin,
      body: { organizationId: org, warehouseId, inboundType: 1, products: [{ skuId, pieces: 3 }] },
    });
    await api.call('POST', `/inventory/inbounds/${data.id}/submit`, { token: admin, body: {} });
    await api.call('POST', `/inventory/inbounds/${data.id}/confirm`, {
      token: admin,
      body: { inboundDate: '2026-11-02' },
    });
    const logs = await api.call('GET', '/inventory/changeLogs', { token: admin });
    expect(logs.code).toBe(20000);
    const lotId = logs.data.rows[0].lotId;
    expect(logs.data.labels.lotId[String(lotId)]).toEqual({ id: String(lotId) });
    expect(logs.data.labels.inboundId[String(data.id)]).toEqual({ orderNo: data.orderNo });
  });

  it('answers an empty page as before, without labels', async () => {
    const { data } = await api.call('GET', '/config/ports?pageSize=5&q=no-such-port-anywhere', { token: admin });
    expect(data).toEqual({ rows: [], total: 0 });
  });
});
