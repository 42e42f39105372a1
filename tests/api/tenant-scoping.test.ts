import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let admin: string;
let editor: string;
let shipper: string;
let ownOrg: number;
let managed: number[];
let foreignOrg: number;
let foreignProduct: number;

const api = fileApi();
beforeAll(async () => {
  [admin, editor, shipper] = await Promise.all(['admin', 'editor', 'shipper'].map((u) => api.login(u)));
  ownOrg = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
  managed = (await api.call('GET', '/organizations?pageSize=1000', { token: editor })).data.rows.map((r: any) => r.id);
  const all = (await api.call('GET', '/organizations?pageSize=1000', { token: admin })).data.rows.map((r: any) => r.id);
  foreignOrg = all.find((id: number) => !managed.includes(id) && id !== ownOrg);
  foreignProduct = (await api.call('GET', `/products?organizationId=${foreignOrg}`, { token: admin })).data.rows[0].id;
});

describe('the shipper sees only their own organization', () => {
  it('lists only their products, and the total counts only those', async () => {
    const { data } = await api.call('GET', '/products?pageSize=1000', { token: shipper });
    expect(data.total).toBeGreaterThan(0);
    expect(data.total).toBe(data.rows.length);
    expect(data.rows.every((p: any) => p.organizationId === ownOrg)).toBe(true);
    const skus = await api.call('GET', `/products/skus?organizationId=${foreignOrg}`, { token: shipper });
    expect(skus.data).toEqual({ rows: [], total: 0 });
  });

  it('answers 404 for a foreign product, its sub-lists and its SKUs', async () => {
    expect((await api.call('GET', `/products/${foreignProduct}`, { token: shipper })).status).toBe(404);
    expect((await api.call('GET', `/products/${foreignProduct}/skus`, { token: shipper })).status).toBe(404);
    const sku = (await api.call('GET', `/products/${foreignProduct}/skus`, { token: admin })).data.rows[0];
    expect((await api.call('GET', `/products/skus/${sku.id}`, { token: shipper })).status).toBe(404);
  });

  it('reads only their own organization and cannot write organizations or products', async () => {
    const own = await api.call('GET', '/organizations', { token: shipper });
    expect(own.data.rows.map((o: any) => o.id)).toEqual([ownOrg]);
    expect((await api.call('POST', '/organizations', { token: shipper, body: {} })).status).toBe(403);
    expect((await api.call('POST', '/products', { token: shipper, body: {} })).status).toBe(403);
    expect((await api.call('GET', '/system/users', { token: shipper })).status).toBe(403);
  });
});

describe('the editor sees only the organizations they manage', () => {
  it('lists exactly the managed organizations', async () => {
    expect(managed.length).toBe(8);
    expect(managed).not.toContain(foreignOrg);
  });

  it('answers 404 for a foreign organization on read, update, delete and every sub-list', async () => {
    expect((await api.call('GET', `/organizations/${foreignOrg}`, { token: editor })).status).toBe(404);
    expect(
      (await api.call('PUT', `/organizations/${foreignOrg}`, { token: editor, body: { version: 1, level: 1 } })).status,
    ).toBe(404);
    expect((await api.call('DELETE', `/organizations/${foreignOrg}`, { token: editor })).status).toBe(404);
    for (const relation of [
      'contacts',
      'addresses',
      'communications',
      'buyers',
      'suppliers',
      'subsidiaries',
      'products',
    ])
      expect((await api.call('GET', `/organizations/${foreignOrg}/${relation}`, { token: editor })).status).toBe(404);
    const contact = (await api.call('GET', `/organizations/${foreignOrg}/contacts`, { token: admin })).data.rows[0];
    expect((await api.call('GET', `/organizations/contacts/${contact.id}`, { token: editor })).status).toBe(404);
    expect(
      (await api.call('GET', `/organizations/contacts?organizationId=${foreignOrg}`, { token: editor })).data.total,
    ).toBe(0);
  });

  it('cannot attach records to a foreign organization', async () => {
    const contact = await api.call('POST', '/organizations/contacts', {
      token: editor,
      body: { organizationId: foreignOrg, nameCn: '测试', status: 1 },
    });
    expect(contact.data.errors).toEqual([{ field: 'organizationId', message: 'The selected record does not exist.' }]);
    const product = await api.call('POST', '/products', {
      token: editor,
      body: { organizationId: foreignOrg, shortName: 'x', nameCn: 'x', chargeUnit: 1, hazardousClass: 0 },
    });
    expect(product.data.errors).toEqual([{ field: 'organizationId', message: 'The selected record does not exist.' }]);
  });

  it('manages an organization they create', async () => {
    const created = await api.call('POST', '/organizations', {
      token: editor,
      body: { organizationName: '新客户 New Co', organizationCode: 'NEW01', level: 3 },
    });
    expect(created.code).toBe(20000);
    expect((await api.call('GET', `/organizations/${created.data.id}`, { token: editor })).code).toBe(20000);
  });
});

describe('admin sees everything', () => {
  it('lists all organizations and any product', async () => {
    expect((await api.call('GET', '/organizations', { token: admin })).data.total).toBeGreaterThanOrEqual(22);
    expect((await api.call('GET', `/products/${foreignProduct}`, { token: admin })).code).toBe(20000);
  });
});
