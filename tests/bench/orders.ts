type Call = (method: string, path: string, body?: unknown) => Promise<{ code: number; data: any }>;

const CLIENTS = 50;
const STOCK = 20;

/**
 * Mall orders (issue 15): 50 buyers check out one unit each and are approved at once against a
 * stock of 20. Prints how many were approved and refused, whether on hand and reserved add up to
 * the change logs, and the time it all took. Each buyer is a user of its own (the cart is per user).
 */
export async function orderBench(url: string, call: Call, record: (name: string, value: string) => void) {
  const org = (await call('GET', '/organizations?organizationCode=HD001')).data.rows[0].id;
  const warehouseId = (await call('GET', '/config/warehouses?shortName=RTM-BT')).data.rows[0].id;
  const skuId = (await call('GET', `/products/skus?organizationId=${org}&pageSize=1&sort=-id`)).data.rows[0].id;
  const inbound = await call('POST', '/inventory/inbounds', {
    organizationId: org,
    warehouseId,
    inboundType: 1,
    products: [{ skuId, pieces: STOCK, pallets: 1 }],
  });
  await call('POST', `/inventory/inbounds/${inbound.data.id}/submit`);
  await call('POST', `/inventory/inbounds/${inbound.data.id}/confirm`, { inboundDate: '2026-11-01' });
  const before = (await call('GET', `/inventory/products?skuId=${skuId}&warehouseId=${warehouseId}`)).data.rows[0];

  const tokens = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const username = `bench-buyer-${i}`;
      await call('POST', '/system/users', {
        username,
        name: username,
        status: 1,
        roles: ['admin'],
        password: 'bench123',
      });
      const response = await fetch(`${url}/api/1.0/system/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'bench123' }),
      });
      const { data } = (await response.json()) as { data: { token_type: string; access_token: string } };
      return `${data.token_type} ${data.access_token}`;
    }),
  );
  const as = (token: string) => async (path: string, body: unknown) => {
    const response = await fetch(`${url}/api/1.0${path}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code: number; data: any };
  };

  const t0 = performance.now();
  const outcomes = await Promise.all(
    tokens.map(async (token) => {
      const post = as(token);
      const added = await post('/orders/cart', { skuId, warehouseId, quantity: 1 });
      if (added.code !== 20000) return `cart ${added.code}`;
      const order = await post('/orders/cart/checkout', { warehouseId, deliveryType: 1 });
      if (order.code !== 20000) return `checkout ${order.code}`;
      return String((await post(`/orders/${order.data.id}/approve`, {})).code);
    }),
  );
  const ms = performance.now() - t0;
  const count = (code: string) => outcomes.filter((o) => o === code).length;
  const after = (await call('GET', `/inventory/products?skuId=${skuId}&warehouseId=${warehouseId}`)).data.rows[0];
  const logs = (await call('GET', `/inventory/changeLogs?skuId=${skuId}&warehouseId=${warehouseId}&pageSize=1000`)).data
    .rows;
  const logged = logs.reduce((sum: number, l: { pieces: number }) => sum + l.pieces, 0);
  // A buyer who comes after the stock is spoken for is refused earlier: adding to the cart or
  // checking out answers 40001, only 0 available.
  const early = count('cart 40001') + count('checkout 40001');
  const other = CLIENTS - count('20000') - count('40901') - early;
  record(
    `${CLIENTS} concurrent checkouts + approvals for ${STOCK} available`,
    `${ms.toFixed(0)} ms; ${count('20000')} approved, refused ${count('40901')} at approval (40901) + ${early} at cart or checkout (40001), ${other} other; on hand ${after.pieces} = change logs ${logged}, reserved ${after.reserved - before.reserved}`,
  );
}
