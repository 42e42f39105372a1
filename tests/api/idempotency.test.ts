import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { draftInbound } from '../helpers/demo';
import { mallHelpers } from '../helpers/orders';

/**
 * Issue 41: any POST with an Idempotency-Key runs once. A repeat (a retry after a lost answer, a
 * double click) answers the first answer and changes nothing; the key with another body is refused
 * (422) and changes nothing; two copies sent at once never both run.
 */
const api = fileApi();
let admin: string;
let shipper: string;
let organizationId: number;

const countOf = async (table: string) =>
  (await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
const post = (path: string, body: object, key: string, token = admin) =>
  api.call('POST', path, { token, body, headers: { 'idempotency-key': key } });

beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  organizationId = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
});

describe('Idempotency-Key', () => {
  it('makes a record once: the repeat answers the first answer, another body is refused', async () => {
    const key = randomUUID();
    const body = { organizationId, name: 'Idempotent Ltd' };
    const before = await countOf('suppliers');
    const first = await post('/organizations/suppliers', body, key);
    expect(first.code, first.message).toBe(20000);
    const again = await post('/organizations/suppliers', body, key);
    expect(again).toEqual(first);
    expect(await countOf('suppliers')).toBe(before + 1);

    const other = await post('/organizations/suppliers', { ...body, name: 'Someone else' }, key);
    expect(other).toMatchObject({ status: 422, code: 42201 });
    expect(await countOf('suppliers')).toBe(before + 1);
    // Another caller's same key is theirs alone.
    expect((await post('/organizations/suppliers', body, key, shipper)).code).not.toBe(42201);
  });

  it('runs an action once, even when the copies are sent together', async () => {
    const { inbound } = await draftInbound(api, admin);
    const key = randomUUID();
    const audits = async () =>
      (
        await api.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM audit_log WHERE entity = 'inbounds' AND entity_id = $1 AND action = 'submit'",
          [String(inbound.data.id)],
        )
      )[0].n;
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(`/inventory/inbounds/${inbound.data.id}/submit`, {}, key)),
    );
    // One ran; the others answered its answer or, while it ran, 40901: none submitted it again.
    expect(answers.filter((a) => a.code === 20000).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.code === 20000 || a.code === 40901)).toBe(true);
    expect(await audits()).toBe(1);
    const later = await post(`/inventory/inbounds/${inbound.data.id}/submit`, {}, key);
    expect(later.code).toBe(20000);
    expect(await audits()).toBe(1);
    // Without the key the same action is a second one, refused by the state machine.
    expect(
      (await api.call('POST', `/inventory/inbounds/${inbound.data.id}/submit`, { token: admin, body: {} })).code,
    ).toBe(40901);
  });

  it('makes one order of a checkout sent twice with the key', async () => {
    const shipperPlace = await api.call('GET', '/config/warehouses?shortName=LAX-ONT', { token: admin });
    const warehouseId = shipperPlace.data.rows[0].id;
    const mall = mallHelpers(api, admin);
    const [sku] = (
      await api.call('GET', `/products/skus?organizationId=${organizationId}&pageSize=1&sort=id`, { token: admin })
    ).data.rows;
    await mall.receive(organizationId, warehouseId, sku.id, 10);
    await mall.ok('POST', '/orders/cart', shipper, { skuId: sku.id, quantity: 2, warehouseId });
    const orders = () => countOf('orders');
    const before = await orders();
    const key = randomUUID();
    const body = { warehouseId, deliveryType: 1 };
    const first = await post('/orders/cart/checkout', body, key, shipper);
    expect(first.code, first.message).toBe(20000);
    expect(await post('/orders/cart/checkout', body, key, shipper)).toEqual(first);
    expect(await orders()).toBe(before + 1);
  });

  it('keeps a refusal as the answer, and refuses a key that is no key', async () => {
    const key = randomUUID();
    const bad = await post('/organizations/suppliers', { organizationId, name: '' }, key);
    expect(bad.code).toBe(40001);
    expect(await post('/organizations/suppliers', { organizationId, name: '' }, key)).toEqual(bad);
    const tooLong = await post('/organizations/suppliers', { organizationId, name: 'X' }, 'k'.repeat(256));
    expect(tooLong.code).toBe(40001);
  });
});
