import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let admin: string;
let org: any;
const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  org = (await api.call('GET', '/organizations?organizationCode=HD001', { token: admin })).data.rows[0];
});

describe('organizations and their child records', () => {
  it('has the demo data: 22 organizations with contacts and addresses, 5 warehouses, partners', async () => {
    expect((await api.call('GET', '/organizations', { token: admin })).data.total).toBeGreaterThanOrEqual(20);
    expect((await api.call('GET', '/config/warehouses', { token: admin })).data.total).toBe(5);
    expect((await api.call('GET', '/config/partners', { token: admin })).data.total).toBeGreaterThanOrEqual(10);
    expect((await api.call('GET', '/products', { token: admin })).data.total).toBeGreaterThanOrEqual(50);
  });

  it('filters organizations by every filter kind', async () => {
    const byLevel = await api.call('GET', '/organizations?level=1&pageSize=100', { token: admin });
    expect(byLevel.data.rows.every((o: any) => o.level === 1)).toBe(true);
    const byDate = await api.call(
      'GET',
      '/organizations?startDate_gte=2020-01-01&startDate_lte=2022-12-31&pageSize=100',
      { token: admin },
    );
    expect(byDate.data.rows.every((o: any) => o.startDate >= '2020-01-01' && o.startDate <= '2022-12-31')).toBe(true);
    expect(byDate.data.total).toBeGreaterThan(0);
    const byQ = await api.call('GET', '/organizations?q=hengda', { token: admin });
    expect(byQ.data.rows[0].organizationCode).toBe('HD001');
  });

  it('serves contacts with status=2 meaning any status, and buyers with pageSize 1000', async () => {
    const any = await api.call('GET', `/organizations/${org.id}/contacts?status=2`, { token: admin });
    const valid = await api.call('GET', `/organizations/${org.id}/contacts?status=1`, { token: admin });
    expect(any.data.total).toBe(2);
    expect(valid.data.total).toBe(1);
    const buyers = await api.call('GET', `/organizations/${org.id}/buyers?pageIndex=1&pageSize=1000`, { token: admin });
    expect(buyers.data.rows.map((b: any) => b.name)).toContain('Nordhaus GmbH');
    expect(
      (await api.call('GET', `/organizations/${org.id}/suppliers?pageIndex=1&pageSize=1000`, { token: admin })).data
        .total,
    ).toBe(1);
  });

  it('adds, edits and deletes a contact in place', async () => {
    const created = await api.call('POST', '/organizations/contacts', {
      token: admin,
      body: { organizationId: org.id, nameCn: '钱七', nameEn: 'Qian Qi', email: 'qian@example.com', status: 1 },
    });
    expect(created.code).toBe(20000);
    const edited = await api.call('PUT', `/organizations/contacts/${created.data.id}`, {
      token: admin,
      body: { version: 1, mobile: '+86 139 0000 0000' },
    });
    expect(edited.data).toMatchObject({ mobile: '+86 139 0000 0000', nameCn: '钱七', version: 2 });
    const bad = await api.call('POST', '/organizations/contacts', {
      token: admin,
      lang: 'es',
      body: { organizationId: org.id, nameCn: 'x', email: 'not-mail', status: 1 },
    });
    expect(bad.data.errors).toEqual([{ field: 'email', message: 'Introduzca un correo electrónico válido.' }]);
    expect((await api.call('DELETE', `/organizations/contacts/${created.data.id}`, { token: admin })).code).toBe(20000);
  });

  it('refuses to delete an organization that still has records', async () => {
    const reply = await api.call('DELETE', `/organizations/${org.id}`, { token: admin });
    expect(reply).toMatchObject({ status: 409, code: 40901 });
  });
});

describe('products', () => {
  it('lists SKUs on their own for lookups, filtered by product and organization', async () => {
    const product = (await api.call('GET', `/organizations/${org.id}/products`, { token: admin })).data.rows[0];
    const skus = await api.call('GET', `/products/skus?productId=${product.id}&organizationId=${org.id}`, {
      token: admin,
    });
    expect(skus.data.total).toBe(2);
    expect(skus.data.rows[0]).toMatchObject({ productId: product.id, organizationId: org.id });
  });

  it('computes the SKU total by price type', async () => {
    const product = (await api.call('GET', `/organizations/${org.id}/products`, { token: admin })).data.rows[0];
    const base = {
      productId: product.id,
      title: 'Bulk drum',
      quantity: 25,
      quantityUnit: 1,
      packingType: 1,
      unitPrice: 2.5,
      currency: 2,
      count: 10,
    };
    const perPiece = await api.call('POST', '/products/skus', { token: admin, body: { ...base, priceType: 1 } });
    expect(perPiece.data).toMatchObject({ totalPrice: 25, organizationId: org.id, warehouseStatus: 0 });
    const perContent = await api.call('POST', '/products/skus', { token: admin, body: { ...base, priceType: 2 } });
    expect(perContent.data.totalPrice).toBe(625);
    const ignored = await api.call('PUT', `/products/skus/${perPiece.data.id}`, {
      token: admin,
      body: { version: 1, warehouseStatus: 6, totalPrice: 1 },
    });
    expect(ignored.data).toMatchObject({ warehouseStatus: 0, totalPrice: 25 });
  });

  it('says which country and HS code a tax line is missing, in two languages', async () => {
    const product = (await api.call('GET', `/organizations/${org.id}/products`, { token: admin })).data.rows[0];
    const en = await api.call('POST', '/products/taxes', { token: admin, body: { productId: product.id } });
    expect(en.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'originCountryId', message: 'Please select a country.' },
        { field: 'importingCountryId', message: 'Please select a country.' },
        { field: 'hsCode', message: 'Please input the HS Code' },
      ]),
    );
    const zh = await api.call('POST', '/products/taxes', {
      token: admin,
      lang: 'zh',
      body: { productId: product.id, originCountryId: 1, importingCountryId: 2 },
    });
    expect(zh.data.errors).toEqual([{ field: 'hsCode', message: '请输入 HS 编码' }]);
  });

  it('keeps categories as a tree', async () => {
    const roots = await api.call('GET', '/products/categories?parentId_lte=0&pageSize=100', { token: admin });
    expect(roots.code).toBe(20000);
    const all = (await api.call('GET', '/products/categories?pageSize=100', { token: admin })).data.rows;
    const electronics = all.find((c: any) => c.nameEn === 'Electronics');
    const children = await api.call('GET', `/products/categories/${electronics.id}/children`, { token: admin });
    expect(children.data.rows.map((c: any) => c.nameEn).sort()).toEqual(['Lighting', 'Phone Accessories']);
  });
});
