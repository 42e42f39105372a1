import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp } from '../helpers/app-server';
import { openBrowser } from '../helpers/browser';
import { httpApi } from '../helpers/http-api';
import { shot, signIn } from './support';

type Rec = Record<string, any>;

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
const { ok, login } = httpApi(() => app.url);

/** The demo's records the walks below go through: a delivered order, and a draft bill charging an inbound and an outbound. */
const demo = { order: {} as Rec, outbound: {} as Rec, delivery: {} as Rec, bill: {} as Rec, charged: {} as Rec };

beforeAll(async () => {
  app = await startApp({ activity: true });
  const admin = await login('admin');
  const [delivery] = (await ok('GET', '/delivery/deliveries?sort=id&pageSize=1', admin)).rows;
  demo.delivery = delivery;
  demo.order = await ok('GET', `/orders/${delivery.orderId}`, admin);
  demo.outbound = await ok('GET', `/inventory/outbounds/${demo.order.outboundId}`, admin);

  // The third customer has no bill yet: a pallet shipped today, then its bill over the demo's
  // months, which charges its containers' unloading and this outbound's loading.
  const [, , customer] = (await ok('GET', '/organizations?sort=id&pageSize=3', admin)).rows;
  const warehouseId = (await ok('GET', '/config/warehouses?shortName=LAX-ONT', admin)).rows[0].id;
  const [stock] = (
    await ok('GET', `/inventory/products?organizationId=${customer.id}&warehouseId=${warehouseId}&pageSize=1`, admin)
  ).rows;
  const today = new Date().toISOString().slice(0, 10);
  const charged = await ok('POST', '/inventory/outbounds', admin, {
    organizationId: customer.id,
    warehouseId,
    outboundType: 1,
    requestDate: today,
    notifier: 'Tom',
    products: [{ skuId: stock.skuId, pieces: 1, pallets: 1 }],
  });
  await ok('POST', `/inventory/outbounds/${charged.id}/submit`, admin, {});
  await ok('POST', `/inventory/outbounds/${charged.id}/confirm`, admin, { actualDate: today });
  demo.charged = charged;
  const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  demo.bill = await ok('POST', '/finance/bills', admin, {
    organizationId: customer.id,
    warehouseId,
    periodFrom: from,
    periodTo: today,
  });

  browser = await openBrowser({ width: 1440, height: 1000 });
  page = browser.page;
  await page.goto(`${app.url}/login`);
  await signIn(page);
  await page.waitForURL((u) => u.pathname !== '/login');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The fields of the record of a resource now shown (the tabs keep other pages mounted, hidden). */
const detail = (resource: string) => page.locator(`[data-testid="${resource}-detail"]:visible`);

/** Follows the link a detail page's field makes to another record, and waits for that record's page. */
const follow = async (from: string, to: string, text: string, path: string) => {
  const link = detail(from).getByTestId(`ref-link-${to}`).filter({ hasText: text });
  await link.click();
  await page.waitForURL((u) => u.pathname === path);
  await detail(to).waitFor();
};

describe('every document one click from the next, both ways', () => {
  it('walks order -> outbound -> delivery and back, each named by its number', async () => {
    const { order, outbound, delivery } = demo;
    await page.goto(`${app.url}/orders/${order.id}`);
    await detail('orders').waitFor();
    await follow('orders', 'outbounds', outbound.orderNo, `/inventories/outbounds/${outbound.id}`);
    // The delivery is named by its order's number, as the audit trail names it too.
    await follow('outbounds', 'deliveries', order.orderNo, `/orders/deliveries/${delivery.id}`);
    await shot(page, 'links-delivery');
    await follow('deliveries', 'outbounds', outbound.orderNo, `/inventories/outbounds/${outbound.id}`);
    await follow('outbounds', 'orders', order.orderNo, `/orders/${order.id}`);
  });

  it("walks a bill's lines to the inbound and outbound they charge, and each back to the bill", async () => {
    const { bill, charged } = demo;
    const billPath = `/finance/bills/${bill.id}`;
    await page.goto(`${app.url}${billPath}`);
    const documents = page.locator('[data-testid="bill-panel"]:visible').getByTestId('bill-line-document');
    await expect.poll(() => documents.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await shot(page, 'links-bill-lines');

    await documents.filter({ hasText: charged.orderNo }).click();
    await page.waitForURL((u) => u.pathname === `/inventories/outbounds/${charged.id}`);
    await follow('outbounds', 'bills', bill.billNo, billPath);

    const inbound = documents.filter({ hasText: /^IN/ }).first();
    const inboundNo = (await inbound.innerText()).trim();
    await inbound.click();
    await page.waitForURL((u) => u.pathname.startsWith('/inventories/inbounds/'));
    await detail('inbounds').getByText(inboundNo, { exact: true }).waitFor();
    await follow('inbounds', 'bills', bill.billNo, billPath);
  });
});
