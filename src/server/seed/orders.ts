import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { cartonPng } from './pictures';

type Rec = Record<string, unknown> & { id: number };
type Call = <T = Rec>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => Promise<T>;

/** Carton colours of the demo SKUs' pictures. */
const PICTURE_COLOURS: [number, number, number][] = [
  [201, 148, 92],
  [92, 148, 201],
  [120, 180, 110],
  [210, 120, 110],
];

/** A one-page PDF, enough for the demo's proof of delivery. */
const POD_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Mall orders for the demo shipper (DESIGN 7), made through the API like the stock activity: the
 * shipper's addresses and checkouts, staff review, the outbound confirmed, deliveries dispatched
 * and signed for, so each order's timeline and the stock are exactly what the workflows write.
 * One order is left in each of: awaiting review, rejected, approved, in delivery, signed for, completed.
 */
export async function seedOrders(app: FastifyInstance) {
  const call: Call = async (method, url, token, payload) => {
    const reply = await app.inject({ method, url: `/api/1.0${url}`, payload, headers: { authorization: token } });
    const body = reply.json() as { code: number; message: string; data: never };
    if (body.code !== 20000) throw new Error(`demo orders: ${method} ${url}: ${body.message}`);
    return body.data;
  };
  const login = async (username: string, password: string) => {
    const reply = await app.inject({
      method: 'POST',
      url: '/api/1.0/system/users/login',
      payload: { username, password },
    });
    const { data } = reply.json() as { data: { token_type: string; access_token: string } };
    return `${data.token_type} ${data.access_token}`;
  };
  const [admin, shipper] = [await login('admin', 'admin123'), await login('shipper', 'shipper123')];
  const upload = async (content: Buffer, folder: string, name: string, type: string) => {
    const boundary = 'demo-upload-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\n${folder}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await app.inject({
      method: 'POST',
      url: '/api/1.0/oss/upload',
      payload,
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return (reply.json() as { data: { path: string; url: string } }).data;
  };
  const products = (await call<{ rows: Rec[] }>('GET', '/orders/products?sort=id&pageSize=10', shipper)).rows;
  if (products.length < 2) return;
  // Thumbnails for the catalogue: a picture on each of the shipper's SKUs in stock.
  for (const [i, product] of products.entries()) {
    const sku = await call<Rec>('GET', `/products/skus/${product.skuId}`, admin);
    const { url } = await upload(
      cartonPng(PICTURE_COLOURS[i % PICTURE_COLOURS.length]),
      'sku',
      `sku-${sku.id}.png`,
      'image/png',
    );
    await call('PUT', `/products/skus/${sku.id}`, admin, { version: sku.version, picture: url });
  }
  const [first, second] = products;
  const warehouseId = first.warehouseId as number;

  const home = await call('POST', '/orders/addresses', shipper, {
    name: '洛杉矶门店 LA Store',
    address: '1200 S Figueroa St, Los Angeles, CA 90015',
    contact: 'Lily Chen',
    phone: '+1 213 555 0142',
    status: 1,
    isDefault: true,
  });
  await call('POST', '/orders/addresses', shipper, {
    name: 'Ontario DC',
    address: '3250 E Guasti Rd, Ontario, CA 91761',
    contact: 'Mark Diaz',
    phone: '+1 909 555 0177',
    status: 1,
  });

  const checkout = async (lines: [Rec, number][], deliveryType: 1 | 2, remarks: string) => {
    for (const [product, pieces] of lines)
      await call('POST', '/orders/cart', shipper, { skuId: product.skuId, warehouseId, pieces });
    return call<Rec & { orderNo: string }>('POST', '/orders/cart/checkout', shipper, {
      warehouseId,
      deliveryType,
      remarks,
      ...(deliveryType === 2 && { addressId: home.id }),
    });
  };
  const approveAndShip = async (order: Rec) => {
    const { outboundId } = await call<{ outboundId: number }>('POST', `/orders/${order.id}/approve`, admin);
    await call('POST', `/orders/${order.id}/pick`, admin);
    await call('POST', `/inventory/outbounds/${outboundId}/confirm`, admin, {
      actualDate: dayjs().format('YYYY-MM-DD'),
    });
    return call('POST', '/delivery/deliveries', admin, { orderId: order.id });
  };
  const dispatch = (delivery: Rec) =>
    call('POST', `/delivery/deliveries/${delivery.id}/dispatch`, admin, {
      vehicle: '8XKD214',
      driver: 'Carlos Ruiz',
      phone: '+1 909 555 0110',
      plannedDate: dayjs().add(1, 'day').format('YYYY-MM-DD'),
    });
  const sign = async (delivery: Rec, signer: string) => {
    const { path } = await upload(POD_PDF, 'pod', 'pod.pdf', 'application/pdf');
    await call('POST', `/delivery/deliveries/${delivery.id}/sign`, admin, {
      podFile: path,
      signer,
      signedAt: new Date().toISOString(),
    });
  };

  const completed = await checkout([[first, 12]], 2, 'Weekly replenishment 每周补货');
  await sign(await dispatch(await approveAndShip(completed)), 'Lily Chen');
  await call('POST', `/orders/${completed.id}/complete`, admin);

  const signed = await checkout([[second, 6]], 1, 'Customer pickup 客户自提');
  await sign(await approveAndShip(signed), 'Mark Diaz');

  const inDelivery = await checkout(
    [
      [first, 8],
      [second, 4],
    ],
    2,
    'Store opening 新店开业',
  );
  await dispatch(await approveAndShip(inDelivery));

  const approved = await checkout([[second, 10]], 1, 'Trade show samples 展会样品');
  await call('POST', `/orders/${approved.id}/approve`, admin);

  const rejected = await checkout([[first, 40]], 2, 'Bulk order 大批量订单');
  await call('POST', `/orders/${rejected.id}/reject`, admin, {
    reason: 'Please split into two deliveries. 请分两次配送。',
  });

  await checkout(
    [
      [first, 5],
      [second, 5],
    ],
    2,
    'Restock before the weekend 周末前补货',
  );
  for (const token of [admin, shipper]) await call('POST', '/system/users/logout', token, {});
}
