import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { shipperPlace } from '../helpers/demo';
import { mallHelpers } from '../helpers/orders';
import {
  canDeliver,
  canOrder,
  DeliveryType,
  ORDER_BUTTONS,
  DELIVERY_BUTTONS,
  type DeliveryAction,
} from '../../src/domain/order-flow';
import { expectStockInvariants } from '../helpers/stock-invariants';

let admin: string;
let shipper: string;
let org: number;
let warehouse: number;
let skus: { id: number; title: string }[];
let mall: ReturnType<typeof mallHelpers>;

const api = fileApi();
beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  mall = mallHelpers(api, admin);
  ({ organizationId: org, warehouseId: warehouse } = await shipperPlace(api, admin, shipper));
  skus = (await api.call('GET', `/products/skus?organizationId=${org}&pageSize=100&sort=id`, { token: admin })).data
    .rows;
  await mall.receive(org, warehouse, skus[0].id, 100);
  await mall.receive(org, warehouse, skus[1].id, 50);
});

const statusOf = async (id: number) => (await api.call('GET', `/orders/${id}`, { token: admin })).data.status;

describe('catalogue and cart', () => {
  it('lists the organization stock with something available, per warehouse, with price and category', async () => {
    const list = await api.call('GET', '/orders/products?pageSize=100', { token: shipper });
    expect(list.code).toBe(20000);
    const row = list.data.rows.find((r: any) => r.skuId === skus[0].id);
    expect(row).toMatchObject({ warehouseId: warehouse, organizationId: org, title: skus[0].title });
    expect(row.available).toBeGreaterThan(0);
    expect(list.data.rows.every((r: any) => r.organizationId === org && r.available > 0)).toBe(true);
    expect((await api.call('GET', `/orders/products/${row.id}`, { token: shipper })).data.skuId).toBe(skus[0].id);
    const categories = await api.call('GET', '/orders/categories', { token: shipper });
    expect(categories.data.rows.reduce((sum: number, c: any) => sum + c.count, 0)).toBe(list.data.total);
    // Staff see every organization's stock and pass the one they order for.
    const staff = (await api.call('GET', `/orders/products?organizationId=${org}&pageSize=100`, { token: admin })).data;
    expect(staff.rows.map((r: any) => r.id).sort()).toEqual(list.data.rows.map((r: any) => r.id).sort());
    expect((await api.call('GET', `/orders/categories?organizationId=${org}`, { token: admin })).data).toEqual(
      categories.data,
    );
  });

  it('adds to a line of the same SKU and warehouse, refuses more than is available with the amount, totals per currency', async () => {
    const first = await api.call('POST', '/orders/cart', {
      token: shipper,
      body: { skuId: skus[0].id, warehouseId: warehouse, quantity: 3 },
    });
    const again = await api.call('POST', '/orders/cart', {
      token: shipper,
      body: { skuId: skus[0].id, warehouseId: warehouse, quantity: 2 },
    });
    expect(again.data).toEqual({ id: first.data.id, pieces: 5, quantity: 5 });
    const tooMany = await api.call('POST', '/orders/cart', {
      token: shipper,
      body: { skuId: skus[0].id, warehouseId: warehouse, quantity: 96 },
    });
    expect(tooMany).toMatchObject({ status: 400, code: 40001 });
    expect(tooMany.data.errors).toEqual([{ field: 'quantity', message: 'Only 100 available.' }]);
    const cart = await api.call('GET', '/orders/cart', { token: shipper });
    expect(cart.data.rows).toHaveLength(1);
    expect(cart.data.totals).toHaveLength(1);
    expect(cart.data.totals[0].amount).toBe(cart.data.rows[0].amount);
    expect(
      (await api.call('PUT', `/orders/cart/${first.data.id}`, { token: shipper, body: { quantity: 101 } })).code,
    ).toBe(40001);
    expect(
      (await api.call('PUT', `/orders/cart/${first.data.id}`, { token: shipper, body: { quantity: 4 } })).data.quantity,
    ).toBe(4);
    expect((await api.call('DELETE', `/orders/cart/${first.data.id}`, { token: shipper })).code).toBe(20000);
    expect((await api.call('GET', '/orders/cart', { token: shipper })).data.rows).toEqual([]);
  });

  it('refuses an empty checkout and a delivery without an address', async () => {
    const empty = await api.call('POST', '/orders/cart/checkout', {
      token: shipper,
      body: { warehouseId: warehouse, deliveryType: 1 },
    });
    expect(empty).toMatchObject({ status: 400, code: 40001, message: 'Please select the products first.' });
    await mall.ok('POST', '/orders/cart', shipper, { skuId: skus[1].id, warehouseId: warehouse, quantity: 1 });
    const noAddress = await api.call('POST', '/orders/cart/checkout', {
      token: shipper,
      body: { warehouseId: warehouse, deliveryType: 2 },
    });
    expect(noAddress.data.errors).toEqual([{ field: 'addressId', message: expect.any(String) }]);
    expect((await api.call('GET', '/orders/cart', { token: shipper })).data.rows).toHaveLength(1);
    const placed = await mall.ok('POST', '/orders/cart/checkout', shipper, { warehouseId: warehouse, deliveryType: 1 });
    expect(placed.orderNo).toMatch(/^SO\d{8}-\d{4}$/);
    expect(await statusOf(placed.id)).toBe(3);
    expect((await api.call('GET', '/orders/cart', { token: shipper })).data.rows).toEqual([]);
    await mall.act(placed.id, 'cancel', shipper);
  });
});

describe('addresses', () => {
  it('keeps one default address per organization', async () => {
    const a = await mall.ok('POST', '/orders/addresses', shipper, {
      name: 'DC 1',
      address: '1 Main St',
      status: 1,
      isDefault: true,
    });
    const b = await mall.ok('POST', '/orders/addresses', shipper, {
      name: 'DC 2',
      address: '2 Main St',
      status: 1,
      isDefault: true,
    });
    expect(a.organizationId).toBe(org);
    const defaults = async () =>
      (await api.call('GET', '/orders/addresses?pageSize=100', { token: shipper })).data.rows
        .filter((r: any) => r.isDefault)
        .map((r: any) => r.id);
    expect(await defaults()).toEqual([b.id]);
    await mall.ok('PUT', `/orders/addresses/${a.id}`, shipper, {
      version: (await mall.ok('GET', `/orders/addresses/${a.id}`, shipper)).version,
      isDefault: true,
    });
    expect(await defaults()).toEqual([a.id]);
  });
});

describe('order review and stock', () => {
  it('approves into a submitted outbound that reserves; confirming it ships the order; pickup goes to 21', async () => {
    const order = await mall.checkout(shipper, warehouse, [
      { skuId: skus[0].id, quantity: 10 },
      { skuId: skus[1].id, quantity: 5 },
    ]);
    const before = await mall.stock(skus[0].id, warehouse);
    expect((await mall.act(order.id, 'approve', shipper)).status).toBe(403);
    const approved = await mall.act(order.id, 'approve');
    expect(approved.data).toMatchObject({ status: 6, outboundId: expect.any(Number) });
    expect((await mall.stock(skus[0].id, warehouse)).reserved).toBe(before.reserved + 10);
    const outbound = (await api.call('GET', `/inventory/outbounds/${approved.data.outboundId}`, { token: admin })).data;
    expect(outbound).toMatchObject({ status: 3, pieces: 15, organizationId: org });
    expect((await mall.act(order.id, 'approve')).code).toBe(40901);
    expect((await mall.act(order.id, 'pick')).data.status).toBe(9);
    expect((await mall.act(order.id, 'cancel', shipper)).code).toBe(40901);
    await mall.ok('POST', `/inventory/outbounds/${outbound.id}/confirm`, admin, { actualDate: '2026-11-20' });
    expect(await statusOf(order.id)).toBe(12);
    expect(await mall.stock(skus[0].id, warehouse)).toMatchObject({
      pieces: before.pieces - 10,
      reserved: before.reserved,
    });
    const delivery = await mall.ok('POST', '/delivery/deliveries', admin, { orderId: order.id });
    expect(delivery).toMatchObject({ status: 0, deliveryType: 1 });
    expect(
      (
        await api.call('POST', `/delivery/deliveries/${delivery.id}/dispatch`, {
          token: admin,
          body: { vehicle: 'A', driver: 'B', plannedDate: '2026-11-21' },
        })
      ).code,
    ).toBe(40901);
    const noPod = await api.call('POST', `/delivery/deliveries/${delivery.id}/sign`, {
      token: admin,
      body: { signer: 'Li', signedAt: '2026-11-21T10:00:00Z' },
    });
    expect(noPod.data.errors).toEqual([{ field: 'podFile', message: 'Please upload the pod file.' }]);
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/sign`, admin, {
      podFile: await uploadPod(),
      signer: 'Li',
      signedAt: '2026-11-21T10:00:00Z',
    });
    expect(await statusOf(order.id)).toBe(18);
    expect((await mall.act(order.id, 'complete', shipper)).status).toBe(403);
    expect((await mall.act(order.id, 'complete')).data.status).toBe(21);
    const timeline = (await api.call('GET', `/orders/${order.id}/timeline`, { token: shipper })).data.rows;
    expect(timeline.filter((r: any) => r.entity === 'orders').map((r: any) => [r.action, r.from, r.to])).toEqual([
      ['checkout', null, 3],
      ['approve', 3, 6],
      ['pick', 6, 9],
      ['ship', 9, 12],
      ['sign', 12, 18],
      ['complete', 18, 21],
    ]);
    // Its delivery's steps are merged in, in time, each in its own states and words.
    const deliverySteps = timeline.filter((r: any) => r.entity === 'deliveries');
    expect(deliverySteps.map((r: any) => r.action)).toEqual(expect.arrayContaining(['create', 'sign']));
    expect(deliverySteps.find((r: any) => r.action === 'sign').actionLabel).toBe('Sign for');
    expect(timeline.map((r: any) => r.id)).toEqual([...timeline.map((r: any) => r.id)].sort((a, b) => a - b));
    expect(timeline[0].userName).toBeTruthy();
    await expectStockInvariants(api.db);
  });

  it('delivers to an address: dispatch, fail, re-dispatch keeping the order in 15, then sign and complete', async () => {
    const address = await mall.ok('POST', '/orders/addresses', shipper, {
      name: 'Store',
      address: '9 Elm St',
      status: 1,
    });
    const order = await mall.checkout(shipper, warehouse, [{ skuId: skus[0].id, quantity: 2 }], {
      deliveryType: 2,
      addressId: address.id,
    });
    const { outboundId } = (await mall.act(order.id, 'approve')).data;
    await mall.ok('POST', `/inventory/outbounds/${outboundId}/confirm`, admin, { actualDate: '2026-11-20' });
    const delivery = await mall.ok('POST', '/delivery/deliveries', admin, { orderId: order.id });
    expect(delivery).toMatchObject({ deliveryType: 2, addressId: address.id });
    expect((await api.call('POST', '/delivery/deliveries', { token: admin, body: { orderId: order.id } })).code).toBe(
      40901,
    );
    const dispatch = { vehicle: '8ABC123', driver: 'Sam', phone: '+1 555 0100', plannedDate: '2026-11-21' };
    expect(
      (await api.call('POST', `/delivery/deliveries/${delivery.id}/dispatch`, { token: shipper, body: dispatch }))
        .status,
    ).toBe(403);
    const missing = await api.call('POST', `/delivery/deliveries/${delivery.id}/dispatch`, { token: admin, body: {} });
    expect(missing.data.errors.map((e: any) => e.field).sort()).toEqual(['driver', 'plannedDate', 'vehicle']);
    expect((await mall.ok('POST', `/delivery/deliveries/${delivery.id}/dispatch`, admin, dispatch)).orderStatus).toBe(
      15,
    );
    for (const body of [{}, { reason: '   ' }])
      expect(
        (await api.call('POST', `/delivery/deliveries/${delivery.id}/fail`, { token: admin, body })).data.errors,
      ).toEqual([{ field: 'reason', message: expect.any(String) }]);
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/fail`, admin, { reason: 'Nobody home' });
    expect(await statusOf(order.id)).toBe(15);
    expect((await api.call('POST', `/delivery/deliveries/${delivery.id}/sign`, { token: admin, body: {} })).code).toBe(
      40901,
    );
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/redispatch`, admin);
    expect((await api.call('GET', `/delivery/deliveries/${delivery.id}`, { token: shipper })).data.status).toBe(0);
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/dispatch`, admin, dispatch);
    expect(await statusOf(order.id)).toBe(15);
    const podFile = await uploadPod('Delivery note 送货单 1.pdf');
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/sign`, admin, {
      podFile,
      signer: 'Ann',
      signedAt: '2026-11-22T09:30:00Z',
    });
    // The POD keeps the name it was uploaded under: on the delivery and on its download.
    expect((await api.call('GET', `/delivery/deliveries/${delivery.id}`, { token: shipper })).data).toMatchObject({
      status: 6,
      signer: 'Ann',
      podFile,
      podFileName: 'Delivery note 送货单 1.pdf',
    });
    const download = await fetch(`${api.url}/api/1.0/oss/getFile`, {
      method: 'POST',
      headers: { authorization: shipper, 'content-type': 'application/json' },
      body: JSON.stringify({ path: podFile }),
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Delivery note ___ 1.pdf"; filename*=UTF-8''${encodeURIComponent('Delivery note 送货单 1.pdf')}`,
    );
    expect((await api.call('POST', `/delivery/deliveries/${delivery.id}/redispatch`, { token: admin })).code).toBe(
      40901,
    );
    expect((await mall.act(order.id, 'complete')).data.status).toBe(21);
    expect((await mall.act(order.id, 'cancel')).code).toBe(40901);
  });

  it('refuses approval when stock is short: 40901, nothing reserved, the order stays in 3; cancelling an approved order releases its reservation', async () => {
    const order = await mall.checkout(shipper, warehouse, [{ skuId: skus[1].id, quantity: 20 }]);
    const hog = await mall.checkout(shipper, warehouse, [{ skuId: skus[1].id, quantity: 30 }]);
    const approved = await mall.act(hog.id, 'approve');
    // Its outbound follows the order: withdrawn or cancelled alone, the order would promise stock it no longer holds.
    for (const action of ['withdraw', 'cancel']) {
      const alone = await api.call('POST', `/inventory/outbounds/${approved.data.outboundId}/${action}`, {
        token: admin,
      });
      expect(alone).toMatchObject({ status: 409, code: 40901 });
      expect(alone.message).toContain(hog.orderNo);
    }
    const before = await mall.stock(skus[1].id, warehouse);
    const refused = await mall.act(order.id, 'approve', admin, {}, 'zh');
    expect(refused).toMatchObject({ status: 409, code: 40901 });
    expect(refused.message).toContain(skus[1].title);
    expect(await statusOf(order.id)).toBe(3);
    expect(await mall.stock(skus[1].id, warehouse)).toEqual(before);
    expect((await mall.act(hog.id, 'cancel', shipper)).data.status).toBe(1);
    expect((await mall.stock(skus[1].id, warehouse)).reserved).toBe(before.reserved - 30);
    const outbound = (await api.call('GET', `/inventory/outbounds?remarks=${hog.orderNo}`, { token: admin })).data;
    expect(outbound.rows?.[0]?.status ?? 1).toBe(1);
    expect((await mall.act(order.id, 'approve')).data.status).toBe(6);
    await mall.act(order.id, 'cancel');
    await expectStockInvariants(api.db);
  });

  it('lets the shipper edit and resubmit a rejected order; reject needs a reason', async () => {
    const order = await mall.checkout(shipper, warehouse, [{ skuId: skus[0].id, quantity: 1 }]);
    expect((await mall.act(order.id, 'reject', admin, {})).data.errors).toEqual([
      { field: 'reason', message: expect.any(String) },
    ]);
    expect((await mall.act(order.id, 'reject', shipper, { reason: 'x' })).status).toBe(403);
    expect((await mall.act(order.id, 'reject', admin, { reason: 'Wrong quantity' })).data.status).toBe(2);
    const current = (await api.call('GET', `/orders/${order.id}`, { token: shipper })).data;
    expect(current).toMatchObject({ status: 2, rejectReason: 'Wrong quantity' });
    // The order answers with its lines, and editing answers the order in that same form.
    expect(current.lines).toEqual([
      expect.objectContaining({ orderId: order.id, skuId: skus[0].id, pieces: 1, unitPrice: expect.any(Number) }),
    ]);
    const edited = await api.call('PUT', `/orders/${order.id}`, {
      token: shipper,
      body: { version: current.version, remarks: 'fixed', products: [{ skuId: skus[0].id, pieces: 4 }] },
    });
    expect(edited.data).toMatchObject({
      pieces: 4,
      remarks: 'fixed',
      lines: [expect.objectContaining({ skuId: skus[0].id, pieces: 4 })],
    });
    expect(edited.data).toEqual((await api.call('GET', `/orders/${order.id}`, { token: shipper })).data);
    expect((await mall.act(order.id, 'submit', shipper)).data.status).toBe(3);
    expect(
      (
        await api.call('PUT', `/orders/${order.id}`, {
          token: shipper,
          body: { version: edited.data.version, remarks: 'late' },
        })
      ).code,
    ).toBe(40901);
    const timeline = (await api.call('GET', `/orders/${order.id}/timeline`, { token: shipper })).data.rows;
    expect(timeline.map((r: any) => r.action)).toEqual(['checkout', 'reject', 'edit', 'submit']);
    expect(timeline[1].reason).toBe('Wrong quantity');
    await mall.act(order.id, 'cancel', shipper);
  });

  it('drafts an order for a chosen organization and refuses foreign SKUs and wrong states', async () => {
    const draft = await api.call('POST', '/orders', {
      token: admin,
      body: {
        organizationId: org,
        warehouseId: warehouse,
        deliveryType: 1,
        products: [{ skuId: skus[0].id, pieces: 2 }],
      },
    });
    expect(draft.data).toMatchObject({ status: 0, pieces: 2, organizationId: org });
    expect(draft.data).toEqual((await api.call('GET', `/orders/${draft.data.id}`, { token: admin })).data);
    expect((await mall.act(draft.data.id, 'approve')).code).toBe(40901);
    expect((await mall.act(draft.data.id, 'pick')).code).toBe(40901);
    expect((await mall.act(draft.data.id, 'complete')).code).toBe(40901);
    expect(
      (await api.call('POST', '/delivery/deliveries', { token: admin, body: { orderId: draft.data.id } })).code,
    ).toBe(40901);
    expect(
      (await api.call('POST', '/delivery/deliveries', { token: admin, body: { orderId: 999999 } })).data.errors,
    ).toEqual([{ field: 'orderId', message: expect.any(String) }]);
    const foreignSku = (await api.call('GET', '/products/skus?pageSize=1&sort=-id', { token: admin })).data.rows[0];
    const bad = await api.call('POST', '/orders', {
      token: shipper,
      body: {
        warehouseId: warehouse,
        deliveryType: 1,
        products: [
          { skuId: foreignSku.id, pieces: 1 },
          { skuId: skus[0].id, pieces: 0 },
        ],
      },
    });
    expect(bad.data.errors.map((e: any) => e.field)).toEqual(['products.1.pieces', 'products.0.skuId']);
    const empty = await api.call('POST', '/orders', {
      token: shipper,
      body: { warehouseId: warehouse, deliveryType: 1 },
    });
    expect((await mall.act(empty.data.id, 'submit', shipper)).data.errors).toEqual([
      { field: 'products', message: 'Please add the products first.' },
    ]);
    expect((await mall.act(draft.data.id, 'submit', shipper)).data.status).toBe(3);
    expect((await mall.act(draft.data.id, 'cancel', shipper)).data.status).toBe(1);
    expect((await mall.act(draft.data.id, 'submit', shipper)).code).toBe(40901);
  });

  it("keeps an order's amount and currency with its lines, never summed across currencies; lists sort by amount and time", async () => {
    const draft = async (products: { skuId: number; pieces: number }[]) =>
      mall.ok('POST', '/orders', admin, { organizationId: org, warehouseId: warehouse, deliveryType: 1, products });
    const order = await draft([
      { skuId: skus[0].id, pieces: 2 },
      { skuId: skus[1].id, pieces: 3 },
    ]);
    const lines = (await api.call('GET', `/orders/lines?orderId=${order.id}`, { token: admin })).data.rows;
    const currencies = new Set(lines.map((l: any) => l.currency));
    const sum = lines.reduce((total: number, l: any) => total + Math.round(l.amount * 100), 0) / 100;
    expect(order).toMatchObject(
      currencies.size === 1 ? { amount: sum, currency: lines[0].currency } : { amount: null, currency: null },
    );
    // Edited lines are priced again; one line is always one currency.
    const edited = await mall.ok('PUT', `/orders/${order.id}`, admin, {
      version: order.version,
      products: [{ skuId: skus[0].id, pieces: 4 }],
    });
    const [line] = (await api.call('GET', `/orders/lines?orderId=${order.id}`, { token: admin })).data.rows;
    expect(edited).toMatchObject({ pieces: 4, amount: line.amount, currency: line.currency });
    // A second currency among the lines leaves the order without an amount of its own.
    const sku = (await api.call('GET', `/products/skus/${skus[1].id}`, { token: admin })).data;
    const other = [1, 2, 3].find((c) => c !== line.currency)!;
    await mall.ok('PUT', `/products/skus/${sku.id}`, admin, { version: sku.version, currency: other });
    const mixed = await draft([
      { skuId: skus[0].id, pieces: 1 },
      { skuId: skus[1].id, pieces: 1 },
    ]);
    expect(mixed).toMatchObject({ amount: null, currency: null });
    const changed = (await api.call('GET', `/products/skus/${sku.id}`, { token: admin })).data;
    await mall.ok('PUT', `/products/skus/${sku.id}`, admin, { version: changed.version, currency: sku.currency });
    for (const id of [order.id, mixed.id]) await mall.act(id, 'cancel');
    const sorted = async (sort: string) =>
      (await api.call('GET', `/orders?sort=${sort}&pageSize=1000`, { token: admin })).data.rows;
    const amounts = (await sorted('amount')).map((r: any) => r.amount).filter((a: unknown) => a !== null);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const times = (await sorted('-createdAt')).map((r: any) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses moving a draft to another organization while it keeps lines of SKUs that are not its own', async () => {
    const orgB = (await api.call('GET', '/organizations?sort=-id&pageSize=1', { token: admin })).data.rows[0].id;
    expect(orgB).not.toBe(org);
    const draft = await mall.ok('POST', '/orders', admin, {
      organizationId: org,
      warehouseId: warehouse,
      deliveryType: 1,
      products: [{ skuId: skus[0].id, pieces: 2 }],
    });
    const moved = await api.call('PUT', `/orders/${draft.id}`, {
      token: admin,
      body: { version: draft.version, organizationId: orgB },
    });
    // The kept lines were sent under no name: their problem takes the one the answer uses.
    expect(moved.data.errors).toEqual([{ field: 'lines.0.skuId', message: expect.any(String) }]);
    expect((await api.call('GET', `/orders/${draft.id}`, { token: admin })).data).toMatchObject({
      organizationId: org,
      version: draft.version,
    });
    await mall.act(draft.id, 'cancel');
  });

  it('refuses an id no integer column holds as a missing record, not a server error, and writes nothing', async () => {
    const huge = 2 ** 31;
    const refused = async (path: string, body: object, field: string) =>
      expect((await api.call('POST', path, { token: shipper, body })).data.errors).toContainEqual({
        field,
        message: 'The selected record does not exist.',
      });
    await refused('/orders/cart', { skuId: huge, warehouseId: warehouse, quantity: 1 }, 'skuId');
    await refused('/orders/cart', { skuId: skus[0].id, warehouseId: 1e308, quantity: 1 }, 'warehouseId');
    await refused('/orders/cart/checkout', { warehouseId: huge, deliveryType: 1 }, 'warehouseId');
    await refused('/orders/cart/checkout', { warehouseId: warehouse, deliveryType: 2, addressId: huge }, 'addressId');
    await refused(
      '/orders',
      { warehouseId: warehouse, deliveryType: 1, products: [{ skuId: huge, pieces: 1 }] },
      'products.0.skuId',
    );
    expect(
      (await api.call('POST', '/delivery/deliveries', { token: admin, body: { orderId: huge } })).data.errors,
    ).toEqual([{ field: 'orderId', message: 'The selected record does not exist.' }]);
    expect((await api.call('GET', '/orders/cart', { token: shipper })).data.rows).toEqual([]);
  });
});

describe("an order's lines under one name", () => {
  const header = () => ({ organizationId: org, warehouseId: warehouse, deliveryType: 1 });
  const lineCount = async () =>
    Number((await api.call('GET', '/orders/lines?pageSize=1', { token: admin })).data.total);
  const orderCount = async () => Number((await api.call('GET', '/orders?pageSize=1', { token: admin })).data.total);

  it('drafts and edits with `lines`, as the answer names them, and names a bad line under it', async () => {
    const made = await mall.ok('POST', '/orders', admin, { ...header(), lines: [{ skuId: skus[0].id, pieces: 3 }] });
    expect(made).toMatchObject({ status: 0, pieces: 3, lines: [{ skuId: skus[0].id, pieces: 3 }] });
    const edited = await mall.ok('PUT', `/orders/${made.id}`, admin, {
      version: made.version,
      lines: [
        { skuId: skus[0].id, pieces: 1 },
        { skuId: skus[1].id, pieces: 2 },
      ],
    });
    expect(edited.lines.map((l: any) => [l.skuId, l.pieces])).toEqual([
      [skus[0].id, 1],
      [skus[1].id, 2],
    ]);
    const bad = await api.call('POST', '/orders', {
      token: admin,
      body: { ...header(), lines: [{ skuId: skus[0].id }] },
    });
    expect(bad).toMatchObject({ status: 400, code: 40001 });
    expect(bad.data.errors.map((e: any) => e.field)).toEqual(['lines.0.pieces']);
  });

  it('still reads the old `products`, naming its problems under it', async () => {
    const made = await mall.ok('POST', '/orders', admin, { ...header(), products: [{ skuId: skus[1].id, pieces: 4 }] });
    expect(made.lines).toMatchObject([{ skuId: skus[1].id, pieces: 4 }]);
    const edited = await mall.ok('PUT', `/orders/${made.id}`, admin, {
      version: made.version,
      products: [{ skuId: skus[0].id, pieces: 5 }],
    });
    expect(edited).toMatchObject({ pieces: 5, lines: [{ skuId: skus[0].id, pieces: 5 }] });
    const bad = await api.call('POST', '/orders', {
      token: admin,
      body: { ...header(), products: [{ skuId: skus[0].id, pieces: 0 }] },
    });
    expect(bad.data.errors.map((e: any) => e.field)).toEqual(['products.0.pieces']);
  });

  it('refuses both names at once with a translated 40001 on the old one, writing nothing', async () => {
    const made = await mall.ok('POST', '/orders', admin, { ...header(), lines: [{ skuId: skus[0].id, pieces: 2 }] });
    const [orders, lines] = [await orderCount(), await lineCount()];
    const both = { lines: [{ skuId: skus[0].id, pieces: 1 }], products: [{ skuId: skus[1].id, pieces: 1 }] };
    const created = await api.call('POST', '/orders', { token: admin, body: { ...header(), ...both } });
    expect(created).toMatchObject({ status: 400, code: 40001 });
    expect(created.data.errors).toEqual([
      { field: 'products', message: 'Send lines only: this field is its old name.' },
    ]);
    const inSpanish = await api.call('POST', '/orders', { token: admin, lang: 'es', body: { ...header(), ...both } });
    expect(inSpanish.data.errors[0].message).toBe('Envíe solo lines: este campo es su nombre anterior.');
    const edited = await api.call('PUT', `/orders/${made.id}`, {
      token: admin,
      body: { version: made.version, ...both },
    });
    expect(edited).toMatchObject({ status: 400, code: 40001 });
    expect(edited.data.errors.map((e: any) => e.field)).toEqual(['products']);
    expect([await orderCount(), await lineCount()]).toEqual([orders, lines]);
    expect(await api.call('GET', `/orders/${made.id}`, { token: admin })).toMatchObject({
      data: { version: made.version, pieces: 2 },
    });
  });

  it("counts a cart line's `pieces` as a document's lines do, still reading the old `quantity`", async () => {
    const line = await mall.ok('POST', '/orders/cart', shipper, {
      skuId: skus[1].id,
      warehouseId: warehouse,
      pieces: 2,
    });
    expect(line).toMatchObject({ pieces: 2, quantity: 2 });
    const changed = await mall.ok('PUT', `/orders/cart/${line.id}`, shipper, { pieces: 3 });
    expect(changed).toEqual({ id: line.id, pieces: 3, quantity: 3 });
    const [row] = (await mall.ok('GET', '/orders/cart', shipper)).rows;
    expect(row).toMatchObject({ id: line.id, pieces: 3, quantity: 3 });
    const tooMany = await api.call('PUT', `/orders/cart/${line.id}`, {
      token: shipper,
      body: { pieces: row.available + 1 },
    });
    expect(tooMany.data.errors).toEqual([{ field: 'pieces', message: `Only ${row.available} available.` }]);
    const missing = await api.call('POST', '/orders/cart', {
      token: shipper,
      body: { skuId: skus[1].id, warehouseId: warehouse },
    });
    expect(missing.data.errors).toEqual([{ field: 'pieces', message: expect.any(String) }]);
    const badOld = await api.call('PUT', `/orders/cart/${line.id}`, { token: shipper, body: { quantity: 0 } });
    expect(badOld.data.errors.map((e: any) => e.field)).toEqual(['quantity']);
    const both = { pieces: 1, quantity: 1 };
    const added = await api.call('POST', '/orders/cart', {
      token: shipper,
      body: { skuId: skus[1].id, warehouseId: warehouse, ...both },
    });
    expect(added).toMatchObject({ status: 400, code: 40001 });
    expect(added.data.errors).toEqual([
      { field: 'quantity', message: 'Send pieces only: this field is its old name.' },
    ]);
    const put = await api.call('PUT', `/orders/cart/${line.id}`, { token: shipper, body: both });
    expect(put).toMatchObject({ status: 400, code: 40001 });
    expect((await mall.ok('GET', '/orders/cart', shipper)).rows).toMatchObject([{ id: line.id, pieces: 3 }]);
    await mall.ok('DELETE', `/orders/cart/${line.id}`, shipper);
  });

  it("writes checkout's `remarks` on the order under the order's word, still reading the old `remark`", async () => {
    const place = async (body: object) => {
      await mall.ok('POST', '/orders/cart', shipper, { skuId: skus[0].id, warehouseId: warehouse, pieces: 1 });
      return api.call('POST', '/orders/cart/checkout', {
        token: shipper,
        body: { warehouseId: warehouse, deliveryType: 1, ...body },
      });
    };
    const placed = await place({ remarks: 'leave at the gate' });
    expect((await api.call('GET', `/orders/${placed.data.id}`, { token: admin })).data.remarks).toBe(
      'leave at the gate',
    );
    const old = await place({ remark: 'ring twice' });
    expect((await api.call('GET', `/orders/${old.data.id}`, { token: admin })).data.remarks).toBe('ring twice');
    const tooLong = await place({ remark: 'x'.repeat(1001) });
    expect(tooLong.data.errors.map((e: any) => e.field)).toEqual(['remark']);
    const orders = (await api.call('GET', '/orders?pageSize=1', { token: admin })).data.total;
    const both = await place({ remarks: 'a', remark: 'b' });
    expect(both).toMatchObject({ status: 400, code: 40001 });
    expect(both.data.errors).toEqual([{ field: 'remark', message: 'Send remarks only: this field is its old name.' }]);
    expect((await api.call('GET', '/orders?pageSize=1', { token: admin })).data.total).toBe(orders);
    expect((await mall.ok('GET', '/orders/cart', shipper)).rows).toHaveLength(1);
    for (const row of (await mall.ok('GET', '/orders/cart', shipper)).rows)
      await mall.ok('DELETE', `/orders/cart/${row.id}`, shipper);
    for (const order of [placed.data, old.data]) await mall.act(order.id, 'cancel', shipper);
  });

  it('documents `lines`, `pieces` and `remarks`, marking the old names deprecated and naming the new ones', async () => {
    const doc = (await (await fetch(`${api.url}/api/docs/openapi.json`)).json()) as any;
    const resolve = (s: any): any => (s?.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()]) : s);
    for (const method of ['post', 'put'] as const) {
      const path = method === 'post' ? '/api/1.0/orders' : '/api/1.0/orders/{id}';
      const body = resolve(doc.paths[path][method].requestBody.content['application/json'].schema);
      expect(resolve(body.properties.lines).deprecated, method).toBeUndefined();
      expect(resolve(body.properties.lines).type, method).toBe('array');
      expect(body.properties.products, method).toMatchObject({ deprecated: true, type: 'array' });
      expect(body.properties.products.description, method).toContain('`lines`');
    }
    const checkout = resolve(
      doc.paths['/api/1.0/orders/cart/checkout'].post.requestBody.content['application/json'].schema,
    );
    expect(checkout.properties.remarks.deprecated).toBeUndefined();
    expect(checkout.properties.remark).toMatchObject({ deprecated: true, type: 'string' });
    expect(checkout.properties.remark.description).toContain('`remarks`');
    for (const [path, method] of [
      ['/api/1.0/orders/cart', 'post'],
      ['/api/1.0/orders/cart/{id}', 'put'],
    ] as const) {
      const body = resolve(doc.paths[path][method].requestBody.content['application/json'].schema);
      expect(body.properties.pieces.deprecated, path).toBeUndefined();
      expect(body.properties.quantity, path).toMatchObject({ deprecated: true, type: 'integer' });
      expect(body.properties.quantity.description, path).toContain('`pieces`');
      expect(body.required ?? [], path).not.toContain('pieces');
    }
  });
});

describe("a delivery's sign, once called complete", () => {
  const shippedPickup = async () => {
    const order = await mall.checkout(shipper, warehouse, [{ skuId: skus[1].id, quantity: 1 }]);
    const { outboundId } = (await mall.act(order.id, 'approve')).data;
    await mall.ok('POST', `/inventory/outbounds/${outboundId}/confirm`, admin, { actualDate: '2026-11-20' });
    return { order, delivery: await mall.ok('POST', '/delivery/deliveries', admin, { orderId: order.id }) };
  };
  const signedRows = async (id: number) =>
    (
      await api.db.query<{ action: string; type: string }>(
        `SELECT a.action, o.type FROM audit_log a
           JOIN outbox o ON o.resource = a.entity AND o.record_id = a.entity_id AND o.type LIKE 'delivery.%'
          WHERE a.entity = 'deliveries' AND a.entity_id = $1 AND a.action <> 'create' ORDER BY a.id`,
        [String(id)],
      )
    ).map((r) => [r.action, r.type]);

  it('signs for at the old /complete as at /sign: one action, one audit name, the event subscribers know', async () => {
    for (const path of ['sign', 'complete']) {
      const { order, delivery } = await shippedPickup();
      const signed = await mall.ok('POST', `/delivery/deliveries/${delivery.id}/${path}`, admin, {
        podFile: await uploadPod(),
        signer: 'Li',
        signedAt: '2026-11-21T10:00:00Z',
      });
      expect(signed, path).toMatchObject({ status: 6, signer: 'Li', orderStatus: 18 });
      expect(await statusOf(order.id), path).toBe(18);
      expect(await signedRows(delivery.id), path).toEqual([['sign', 'delivery.signed']]);
      // Signed for: neither name signs it again.
      for (const again of ['sign', 'complete'])
        expect((await api.call('POST', `/delivery/deliveries/${delivery.id}/${again}`, { token: admin })).code).toBe(
          40901,
        );
    }
  });

  it('refuses the old path as the new one: the right, the input, a foreign id', async () => {
    const { delivery } = await shippedPickup();
    const path = `/delivery/deliveries/${delivery.id}/complete`;
    expect((await api.call('POST', path, { token: shipper, body: {} })).status).toBe(403);
    const missing = await api.call('POST', path, { token: admin, body: { signer: 'Li' } });
    expect(missing.data.errors.map((e: any) => e.field).sort()).toEqual(['podFile', 'signedAt']);
    expect((await api.call('POST', `/delivery/deliveries/${2 ** 31 - 1}/complete`, { token: admin })).status).toBe(404);
    expect((await api.call('GET', `/delivery/deliveries/${delivery.id}`, { token: admin })).data.status).toBe(0);
  });

  it('documents /sign and the old /complete beside it, deprecated, with its own operation id', async () => {
    const doc = (await (await fetch(`${api.url}/api/docs/openapi.json`)).json()) as any;
    const sign = doc.paths['/api/1.0/delivery/deliveries/{id}/sign'].post;
    const old = doc.paths['/api/1.0/delivery/deliveries/{id}/complete'].post;
    expect(sign.deprecated).toBeUndefined();
    expect(sign.operationId).toBe('signDelivery');
    expect(old).toMatchObject({ deprecated: true, operationId: 'completeDelivery' });
    expect(old.description).toContain('/delivery/deliveries/{id}/sign');
    expect(old.requestBody).toEqual(sign.requestBody);
    expect(old.responses['200']).toEqual(sign.responses['200']);
    expect(old['x-permission']).toBe('orders.deliveries.sign');
    // The order's own complete is what it always was.
    expect(doc.paths['/api/1.0/orders/{id}/complete'].post.deprecated).toBeUndefined();
  });
});

describe('every refused transition', () => {
  /** Every order button its state does not allow answers 40901 and leaves the order where it is. */
  const refusedAt = async (id: number, status: number) => {
    expect(await statusOf(id)).toBe(status);
    for (const action of ORDER_BUTTONS.filter((a) => !canOrder(a, status)))
      expect((await mall.act(id, action, admin, { reason: 'x' })).code, `${action} in ${status}`).toBe(40901);
    expect(await statusOf(id)).toBe(status);
  };
  /** The same for a delivery's buttons, by its state and type. */
  const deliveryRefusedAt = async (delivery: { id: number; deliveryType: number }, status: number) => {
    for (const action of DELIVERY_BUTTONS.filter((a: DeliveryAction) => !canDeliver(a, status, delivery.deliveryType)))
      expect(
        (await api.call('POST', `/delivery/deliveries/${delivery.id}/${action}`, { token: admin, body: {} })).code,
        `${action} in ${status}`,
      ).toBe(40901);
    expect((await api.call('GET', `/delivery/deliveries/${delivery.id}`, { token: admin })).data.status).toBe(status);
  };

  it('answers 40901 to every order and delivery action the state does not allow, in every state', async () => {
    const address = await mall.ok('POST', '/orders/addresses', shipper, {
      name: 'Depot',
      address: '5 Pine St',
      status: 1,
    });
    const draft = await mall.ok('POST', '/orders', shipper, {
      warehouseId: warehouse,
      deliveryType: DeliveryType.delivery,
      addressId: address.id,
      products: [{ skuId: skus[0].id, pieces: 1 }],
    });
    await refusedAt(draft.id, 0);
    await mall.act(draft.id, 'submit', shipper);
    await refusedAt(draft.id, 3);
    await mall.act(draft.id, 'reject', admin, { reason: 'Too few' });
    await refusedAt(draft.id, 2);
    await mall.act(draft.id, 'cancel', shipper);
    await refusedAt(draft.id, 1);

    const order = await mall.checkout(shipper, warehouse, [{ skuId: skus[0].id, quantity: 1 }], {
      deliveryType: DeliveryType.delivery,
      addressId: address.id,
    });
    const { outboundId } = (await mall.act(order.id, 'approve')).data;
    await refusedAt(order.id, 6);
    await mall.act(order.id, 'pick');
    await refusedAt(order.id, 9);
    await mall.ok('POST', `/inventory/outbounds/${outboundId}/confirm`, admin, { actualDate: '2026-11-20' });
    await refusedAt(order.id, 12);
    const delivery = await mall.ok('POST', '/delivery/deliveries', admin, { orderId: order.id });
    await deliveryRefusedAt(delivery, 0);
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/dispatch`, admin, {
      vehicle: 'V1',
      driver: 'D',
      plannedDate: '2026-11-21',
    });
    await refusedAt(order.id, 15);
    await deliveryRefusedAt(delivery, 3);
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/fail`, admin, { reason: 'Closed' });
    await deliveryRefusedAt(delivery, 2);
    await refusedAt(order.id, 15);
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/redispatch`, admin);
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/dispatch`, admin, {
      vehicle: 'V1',
      driver: 'D',
      plannedDate: '2026-11-22',
    });
    await mall.ok('POST', `/delivery/deliveries/${delivery.id}/complete`, admin, {
      podFile: await uploadPod(),
      signer: 'Kim',
      signedAt: '2026-11-22T09:00:00Z',
    });
    await deliveryRefusedAt(delivery, 6);
    await refusedAt(order.id, 18);
    await mall.act(order.id, 'complete');
    await refusedAt(order.id, 21);

    const pickup = await mall.checkout(shipper, warehouse, [{ skuId: skus[0].id, quantity: 1 }]);
    await mall.ok(
      'POST',
      `/inventory/outbounds/${(await mall.act(pickup.id, 'approve')).data.outboundId}/confirm`,
      admin,
      { actualDate: '2026-11-20' },
    );
    await deliveryRefusedAt(await mall.ok('POST', '/delivery/deliveries', admin, { orderId: pickup.id }), 0);
    await refusedAt(pickup.id, 12);
  });
});

describe('concurrency', () => {
  it('lets exactly one of two orders racing for the last 5 units be approved; on hand = sum of change logs', async () => {
    const sku = skus[2];
    await mall.receive(org, warehouse, sku.id, 5);
    const a = await mall.checkout(shipper, warehouse, [{ skuId: sku.id, quantity: 5 }]);
    const b = await mall.checkout(shipper, warehouse, [{ skuId: sku.id, quantity: 5 }]);
    const replies = await Promise.all([mall.act(a.id, 'approve'), mall.act(b.id, 'approve')]);
    expect(replies.map((r) => r.code).sort()).toEqual([20000, 40901]);
    expect(await mall.stock(sku.id, warehouse)).toMatchObject({ pieces: 5, reserved: 5, available: 0 });
    expect([await statusOf(a.id), await statusOf(b.id)].sort()).toEqual([3, 6]);
    await expectStockInvariants(api.db);
  });

  it('counts both of two adds of one SKU to the cart at once', async () => {
    const add = () =>
      api.call('POST', '/orders/cart', {
        token: shipper,
        body: { skuId: skus[1].id, warehouseId: warehouse, quantity: 2 },
      });
    expect((await Promise.all([add(), add()])).map((r) => r.code)).toEqual([20000, 20000]);
    const line = (await api.call('GET', '/orders/cart', { token: shipper })).data.rows.find(
      (r: any) => r.skuId === skus[1].id,
    );
    expect(line.quantity).toBe(4);
    await mall.ok('DELETE', `/orders/cart/${line.id}`, shipper);
  });
});

describe('tenant isolation', () => {
  it("answers 404 to a shipper of another organization for A's cart lines, addresses, orders and deliveries; B's catalogue never shows A's SKUs", async () => {
    const orgB = (await api.call('GET', `/organizations?sort=-id&pageSize=1`, { token: admin })).data.rows[0].id;
    const other = await mall.shipperOf(orgB, 'shipperb');
    const order = await mall.checkout(shipper, warehouse, [{ skuId: skus[0].id, quantity: 1 }]);
    const line = await mall.ok('POST', '/orders/cart', shipper, {
      skuId: skus[0].id,
      warehouseId: warehouse,
      quantity: 1,
    });
    const address = await mall.ok('POST', '/orders/addresses', shipper, {
      name: 'Mine',
      address: '3 Main St',
      status: 1,
    });
    const shipped = (await api.call('GET', `/delivery/deliveries?organizationId=${org}&pageSize=1`, { token: admin }))
      .data.rows[0];
    const onSale = (await api.call('GET', `/orders/products?skuId=${skus[0].id}`, { token: shipper })).data.rows[0];
    for (const [method, path, body] of [
      ['PUT', `/orders/cart/${line.id}`, { quantity: 1 }],
      ['DELETE', `/orders/cart/${line.id}`, undefined],
      ['GET', `/orders/addresses/${address.id}`, undefined],
      ['PUT', `/orders/addresses/${address.id}`, { version: 1, name: 'x' }],
      ['DELETE', `/orders/addresses/${address.id}`, undefined],
      ['GET', `/orders/products/${onSale.id}`, undefined],
      ['GET', `/orders/${order.id}`, undefined],
      ['GET', `/orders/${order.id}/timeline`, undefined],
      ['GET', `/orders/${order.id}/products`, undefined],
      ['PUT', `/orders/${order.id}`, { version: 1, remarks: 'x' }],
      ['POST', `/orders/${order.id}/cancel`, {}],
      ['POST', `/orders/${order.id}/submit`, {}],
      ['GET', `/orders/${order.id}/deliveries`, undefined],
      ['GET', `/delivery/deliveries/${shipped.id}`, undefined],
    ] as const)
      expect((await api.call(method, path, { token: other, body }))?.status, `${method} ${path}`).toBe(404);
    expect(
      (
        await api.call('POST', '/orders/cart', {
          token: other,
          body: { skuId: skus[0].id, warehouseId: warehouse, quantity: 1 },
        })
      ).data.errors,
    ).toEqual([{ field: 'skuId', message: expect.any(String) }]);
    const catalogue = (await api.call('GET', '/orders/products?pageSize=1000', { token: other })).data.rows;
    expect(catalogue.filter((r: any) => r.organizationId !== orgB)).toEqual([]);
    expect((await api.call('GET', `/orders/products?skuId=${skus[0].id}`, { token: other })).data.total).toBe(0);
    expect(
      (await api.call('GET', '/orders?pageSize=1000', { token: other })).data.rows.filter(
        (r: any) => r.organizationId !== orgB,
      ),
    ).toEqual([]);
    expect((await api.call('GET', '/delivery/deliveries?pageSize=1000', { token: other })).data.total).toBe(0);
    expect((await api.call('GET', '/orders/cart', { token: other })).data.rows).toEqual([]);
    const categories = (await api.call('GET', '/orders/categories', { token: other })).data.rows;
    expect(categories.reduce((sum: number, c: any) => sum + c.count, 0)).toBe(catalogue.length);
    // A's address cannot be B's order's either.
    const borrowed = await api.call('POST', '/orders', {
      token: other,
      body: { warehouseId: warehouse, deliveryType: 2, addressId: address.id },
    });
    expect(borrowed.data.errors).toEqual([{ field: 'addressId', message: expect.any(String) }]);
    expect(await statusOf(order.id)).toBe(3);
    expect((await mall.ok('GET', `/orders/addresses/${address.id}`, shipper)).name).toBe('Mine');
  });
});

describe('staff scoping', () => {
  it('answers 404 to an editor acting on the orders and deliveries of an organization they do not manage', async () => {
    const editor = await api.login('editor');
    const managed = (await api.call('GET', '/organizations?pageSize=1000', { token: editor })).data.rows.map(
      (r: any) => r.id,
    );
    const all = (await api.call('GET', '/organizations?pageSize=1000', { token: admin })).data.rows.map(
      (r: any) => r.id,
    );
    const foreign = all.find((id: number) => !managed.includes(id));
    const sku = (await api.call('GET', `/products/skus?organizationId=${foreign}&pageSize=1`, { token: admin })).data
      .rows[0];
    await mall.receive(foreign, warehouse, sku.id, 3);
    // Two orders of one piece each awaiting review: one to approve, one the editor may not touch.
    const submitted = async () => {
      const order = await mall.ok('POST', '/orders', admin, {
        organizationId: foreign,
        warehouseId: warehouse,
        deliveryType: 1,
        products: [{ skuId: sku.id, pieces: 1 }],
      });
      await mall.act(order.id, 'submit');
      return order;
    };
    const order = await submitted();
    const waiting = await submitted();
    for (const action of ['approve', 'reject', 'cancel'])
      expect((await mall.act(waiting.id, action, editor, { reason: 'x' })).status, action).toBe(404);
    await mall.ok(
      'POST',
      `/inventory/outbounds/${(await mall.act(order.id, 'approve')).data.outboundId}/confirm`,
      admin,
      { actualDate: '2026-11-20' },
    );
    expect(
      (await api.call('POST', '/delivery/deliveries', { token: editor, body: { orderId: order.id } })).data.errors,
    ).toEqual([{ field: 'orderId', message: expect.any(String) }]);
    const delivery = await mall.ok('POST', '/delivery/deliveries', admin, { orderId: order.id });
    expect((await api.call('GET', `/delivery/deliveries/${delivery.id}`, { token: editor })).status).toBe(404);
    const pod = await uploadPod();
    expect(
      (
        await api.call('POST', `/delivery/deliveries/${delivery.id}/complete`, {
          token: editor,
          body: { podFile: pod, signer: 'X', signedAt: '2026-11-21T10:00:00Z' },
        })
      ).status,
    ).toBe(404);
    expect((await api.call('GET', `/delivery/deliveries/${delivery.id}`, { token: admin })).data.status).toBe(0);
    expect(await statusOf(waiting.id)).toBe(3);
    await mall.act(waiting.id, 'cancel');
  });
});

async function uploadPod(name = 'pod.pdf') {
  const form = new FormData();
  form.append('folder', 'pod');
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), name);
  const response = await fetch(`${api.url}/api/1.0/oss/upload`, {
    method: 'POST',
    headers: { authorization: admin },
    body: form,
  });
  const json = (await response.json()) as { code: number; data: { path: string } };
  expect(json.code).toBe(20000);
  return json.data.path;
}
