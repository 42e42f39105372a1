import { expect } from 'vitest';
import type { ApiClient } from './api';
import { announcedInbound } from './demo';

/**
 * Mall order set-up over the API: stock received into a warehouse for an organization, a second
 * shipper in another organization, and the steps of an order as one call each.
 */
export const mallHelpers = (api: ApiClient, admin: string) => {
  const ok = async (method: string, path: string, token: string, body?: object) => {
    const reply = await api.call(method, path, { token, body });
    expect(reply.code, `${method} ${path}: ${reply.message} ${JSON.stringify(reply.data)}`).toBe(20000);
    return reply.data;
  };
  const receive = async (organizationId: number, warehouseId: number, skuId: number, pieces: number) => {
    const inbound = await ok(
      'POST',
      '/inventory/inbounds',
      admin,
      announcedInbound({ organizationId, warehouseId, products: [{ skuId, pieces, pallets: 1 }] }),
    );
    await ok('POST', `/inventory/inbounds/${inbound.id}/submit`, admin);
    await ok('POST', `/inventory/inbounds/${inbound.id}/confirm`, admin, { inboundDate: '2026-11-06' });
  };
  const shipperOf = async (organizationId: number, username: string) => {
    await ok('POST', '/system/users', admin, {
      username,
      name: username,
      status: 1,
      roles: ['shipper'],
      organizationId,
      password: 'secret1',
    });
    return api.login(username, 'secret1');
  };
  /** Cart -> checkout as the shipper: an order in 3. */
  const checkout = async (
    token: string,
    warehouseId: number,
    lines: { skuId: number; quantity: number }[],
    extra: object = {},
  ) => {
    for (const line of lines) await ok('POST', '/orders/cart', token, { ...line, warehouseId });
    return ok('POST', '/orders/cart/checkout', token, { warehouseId, deliveryType: 1, ...extra });
  };
  const act = (id: number, action: string, token = admin, body: object = {}, lang?: string) =>
    api.call('POST', `/orders/${id}/${action}`, { token, body, lang });
  /** An order the shipper checks out for delivery to a store of theirs, approved and shipped: with its outbound and delivery. */
  const deliveryOf = async (shipper: string, warehouseId: number, lines: { skuId: number; quantity: number }[]) => {
    const address = await ok('POST', '/orders/addresses', shipper, { name: 'Store', address: '9 Elm St', status: 1 });
    const order = await checkout(shipper, warehouseId, lines, { deliveryType: 2, addressId: address.id });
    const { outboundId } = (await act(order.id, 'approve')).data;
    await ok('POST', `/inventory/outbounds/${outboundId}/confirm`, admin, { actualDate: '2026-11-20' });
    return { order, outboundId, delivery: await ok('POST', '/delivery/deliveries', admin, { orderId: order.id }) };
  };
  const stock = async (skuId: number, warehouseId: number) =>
    (await api.call('GET', `/inventory/products?skuId=${skuId}&warehouseId=${warehouseId}`, { token: admin })).data
      .rows[0];
  return { ok, receive, shipperOf, checkout, act, deliveryOf, stock };
};
