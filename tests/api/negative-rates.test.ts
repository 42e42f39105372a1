import { beforeAll, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

/**
 * A negative duty or VAT rate is refused with the rate's own message (issue 25): the form used to
 * turn -5 into 0 without a word; the server says why and keeps the record as it was.
 */
let admin: string;
const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
}, 120_000);

it("refuses a product's negative additional duty rate, naming the field, and changes nothing", async () => {
  const product = (await api.call('GET', '/products?pageSize=1&sort=id', { token: admin })).data.rows[0];
  const reply = await api.call('PUT', `/products/${product.id}`, {
    token: admin,
    lang: 'zh',
    body: { version: product.version, additionalDutyRate: -5 },
  });
  expect(reply).toMatchObject({ status: 400, code: 40001 });
  expect(reply.data.errors).toEqual([{ field: 'additionalDutyRate', message: '税率不能为负数。' }]);
  const after = (await api.call('GET', `/products/${product.id}`, { token: admin })).data;
  expect([after.version, after.additionalDutyRate]).toEqual([product.version, product.additionalDutyRate]);
});

it('refuses negative duty and VAT rates of a product tax, each named, and writes no tax', async () => {
  const product = (await api.call('GET', '/products?pageSize=1&sort=id', { token: admin })).data.rows[0];
  const country = (await api.call('GET', '/config/countries?pageSize=1&sort=id', { token: admin })).data.rows[0];
  const before = (await api.call('GET', `/products/taxes?productId=${product.id}`, { token: admin })).data.total;
  const tax = { productId: product.id, originCountryId: country.id, importingCountryId: country.id, hsCode: '851712' };
  const reply = await api.call('POST', '/products/taxes', {
    token: admin,
    body: { ...tax, dutyRate: -1, vatRate: -0.5, additionalDutyRate: -25 },
  });
  expect(reply).toMatchObject({ status: 400, code: 40001 });
  expect(reply.data.errors).toEqual(
    ['dutyRate', 'vatRate', 'additionalDutyRate'].map((field) => ({ field, message: 'A rate cannot be negative.' })),
  );
  expect((await api.call('GET', `/products/taxes?productId=${product.id}`, { token: admin })).data.total).toBe(before);
  const zero = await api.call('POST', '/products/taxes', { token: admin, body: { ...tax, dutyRate: 0, vatRate: 13 } });
  expect(zero.code).toBe(20000);
});
