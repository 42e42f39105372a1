import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cartonPng } from '../../src/server/seed/pictures';
import { startApp } from '../helpers/app-server';
import { openBrowser } from '../helpers/browser';
import { announcedInbound } from '../helpers/demo';
import { httpApi } from '../helpers/http-api';
import { confirmOnDay, dialogSettled, expectPainted, shot, signIn, tableRows } from './support';

/**
 * Issue 15 in Chromium: the shipper adds two SKUs to the cart and checks out; the admin approves,
 * the outbound is confirmed, a delivery is dispatched and signed for with a POD file; the shipper
 * sees the order signed for with its timeline. Then a customer pickup the same way in Chinese.
 */

/** The states the screens show along the way, in each language of a run. */
const LABELS = {
  en: {
    awaiting: 'Awaiting review',
    approved: 'Review approved',
    outbound: 'Outbound done',
    shipped: 'Shipped out',
    delivered: 'Transport complete',
    signed: 'Signed for',
    podMissing: 'Please upload the pod file.',
  },
  zh: {
    awaiting: '待审核',
    approved: '审核通过',
    outbound: '出库完成',
    shipped: '已出库',
    delivered: '运输完成',
    signed: '已签收',
    podMissing: '请上传 POD 文件。',
  },
};
describe('mall order to signature', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;
  let skus: { id: number; title: string }[];
  let organizationName: string;

  const { ok: api, login, inbound } = httpApi(() => app.url);
  /** Signs the browser in as another user: a fresh page load without the old session's cookie. */
  const become = async (username: string, password: string, language = 'en') => {
    await browser.context.clearCookies();
    await browser.context.addCookies([{ name: 'language', value: 'en', url: app.url }]);
    await page.goto(`${app.url}/login`);
    await signIn(page, username, password);
    await page.waitForURL((u) => u.pathname !== '/login');
    // The next page load reads the language from its cookie.
    await browser.context.addCookies([{ name: 'language', value: language, url: app.url }]);
  };
  const addToCart = async (title: string, quantity: number) => {
    const open = tableRows(page, 'mallProducts').filter({ hasText: title }).getByTestId('open-add-to-cart');
    await open.click();
    const popover = page.locator('.ant-popover:visible');
    await popover.locator('input').fill(String(quantity));
    const notices = await page.locator('.ant-message-notice').count();
    await popover.getByTestId('add-to-cart').click();
    await expect.poll(() => page.locator('.ant-message-notice').count()).toBeGreaterThan(notices);
    await open.click();
    await popover.waitFor({ state: 'hidden' });
  };
  /** As the admin: approve the order on its page, confirm its outbound, and open its delivery. */
  const approveAndShip = async (orderPath: string, labels: (typeof LABELS)['en']) => {
    await page.goto(`${app.url}${orderPath}`);
    await page.getByTestId('action-approve').click();
    await dialogSettled(page);
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.getByTestId('orders-detail').getByText(labels.approved).waitFor();
    const outboundNo = await page
      .getByTestId('orders-detail')
      .getByText(/OUT\d{8}-\d{4}/)
      .innerText();

    await page.goto(`${app.url}/inventories/outbounds`);
    await tableRows(page, 'outbounds').filter({ hasText: outboundNo }).locator('button').first().click();
    await confirmOnDay(page, '2026-11-20');
    await page.getByTestId('outbounds-detail').getByText(labels.outbound).waitFor();

    await page.goto(`${app.url}${orderPath}`);
    await page.getByTestId('orders-detail').getByText(labels.shipped).waitFor();
    // The delivery is made from the order's Delivery tab, and opens.
    await page.getByTestId('relation-tabs').locator('[data-node-key="deliveries"]').click();
    await page.getByTestId('deliveries-add').click();
    // A click while the dialog still zooms in can land on the mask, which closes it unsaved.
    await page.getByTestId('modal-save').waitFor();
    await dialogSettled(page);
    await page.getByTestId('modal-save').click();
    await page.getByTestId('deliveries-detail').waitFor();
  };
  /** Signs the open delivery for, refused first without its POD file. */
  const signFor = async (labels: (typeof LABELS)['en'], screenshot: string) => {
    await page.getByTestId('action-sign').click();
    await dialogSettled(page);
    const dialog = page.getByTestId('action-dialog');
    await dialog.locator('.ant-btn-primary').click();
    await dialog.getByText(labels.podMissing).waitFor();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'pod.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    // Shown by the name it was sent with, not the random one it is stored under.
    await dialog.getByTestId('file-link').getByText('pod.pdf', { exact: true }).waitFor();
    await dialog.getByText(labels.podMissing).waitFor({ state: 'detached' });
    await dialog.locator('#root_signer').fill('Lily Chen');
    await shot(page, screenshot);
    await dialog.locator('.ant-btn-primary').click();
    await page.getByTestId('deliveries-detail').getByText(labels.delivered).waitFor();
    await page
      .getByTestId('deliveries-detail')
      .getByTestId('file-link')
      .getByText('pod.pdf', { exact: true })
      .waitFor();
  };
  const checkout = async (deliveryLabel: string, toAddress: boolean) => {
    await page.goto(`${app.url}/orders/cart`);
    await page.getByTestId('cart-page').waitFor();
    await page.locator('[data-testid^="checkout-"]').first().click();
    await page.getByTestId('checkout-page').waitFor();
    await page.getByTestId('checkout-delivery-type').getByText(deliveryLabel).click();
    if (toAddress) await page.getByTestId('checkout-address').getByText('LA Store').waitFor();
    await page.getByTestId('place-order').click();
    await page.getByTestId('order-success').waitFor();
  };

  beforeAll(async () => {
    app = await startApp();
    const admin = await login('admin', 'admin123');
    const shipper = await login('shipper', 'shipper123');
    const organizationId = (await api('POST', '/system/users/getInfo', shipper)).organizationId;
    const warehouseId = (await api('GET', '/config/warehouses?shortName=LAX-ONT', admin)).rows[0].id;
    skus = (await api('GET', `/products/skus?organizationId=${organizationId}&sort=id&pageSize=3`, admin)).rows;
    organizationName = (await api('GET', `/organizations/${organizationId}`, admin)).organizationName;
    // A picture on the first SKU, as the demo seed gives them: the catalogue and the cart show it.
    const form = new FormData();
    form.append('folder', 'sku');
    form.append('file', new Blob([new Uint8Array(cartonPng([200, 120, 60]))], { type: 'image/png' }), 'sku.png');
    const uploaded = (await (
      await fetch(`${app.url}/api/1.0/oss/upload`, { method: 'POST', headers: { authorization: admin }, body: form })
    ).json()) as { data: { url: string } };
    const sku = await api('GET', `/products/skus/${skus[0].id}`, admin);
    await api('PUT', `/products/skus/${sku.id}`, admin, { version: sku.version, picture: uploaded.data.url });
    await inbound(
      admin,
      announcedInbound({
        organizationId,
        warehouseId,
        products: skus.map((s) => ({ skuId: s.id, pieces: 60, pallets: 1 })),
      }),
      '2026-11-06',
    );
    await api('POST', '/orders/addresses', shipper, {
      name: 'LA Store',
      address: '1200 S Figueroa St',
      status: 1,
      isDefault: true,
    });
    browser = await openBrowser({ width: 1440, height: 1000 });
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('takes an order from the cart to signed for, with its timeline', { timeout: 240_000 }, async () => {
    await become('shipper', 'shipper123');
    // A shipper's draft is of their own organization from the start.
    await page.goto(`${app.url}/orders/addOrder`);
    await page.getByTestId('orders-form').getByText(organizationName).waitFor();
    await page.goto(`${app.url}/orders/products`);
    await tableRows(page, 'mallProducts').first().waitFor();
    // An <img> sends no session: the thumbnails come by signed URLs, and must really paint.
    await expectPainted(tableRows(page, 'mallProducts').filter({ hasText: skus[0].title }).locator('img'));
    await shot(page, 'mall-catalogue');
    // A product's detail names its SKU once (its title; the SKU lookup says the same and is not shown).
    await tableRows(page, 'mallProducts').filter({ hasText: skus[0].title }).getByTitle('Detail').click();
    const product = page.getByTestId('mallProducts-detail');
    await product.getByText(skus[0].title).first().waitFor();
    expect(await product.locator('th.ant-descriptions-item-label', { hasText: /^SKU$/ }).count()).toBe(1);
    await page.goto(`${app.url}/orders/products`);
    await tableRows(page, 'mallProducts').first().waitFor();
    await addToCart(skus[0].title, 5);
    await addToCart(skus[1].title, 3);

    await page.goto(`${app.url}/orders/cart`);
    await page.getByTestId('cart-page').waitFor();
    expect(await page.locator('[data-testid^="cart-table-"] tbody tr.ant-table-row').count()).toBe(2);
    expect(await page.locator('[data-testid^="cart-total-"]').innerText()).toMatch(/Total: [\d.]+ \w+/);
    await expectPainted(page.locator('[data-testid^="cart-table-"] img').first());
    await shot(page, 'mall-cart');
    await checkout('Home delivery', true);
    const success = await page.getByTestId('order-success').innerText();
    const orderNo = /SO\d{8}-\d{4}/.exec(success)?.[0];
    expect(orderNo).toBeTruthy();
    await shot(page, 'mall-success');
    await page.getByTestId('view-order').click();
    await page.getByTestId('orders-detail').getByText(LABELS.en.awaiting).waitFor();
    const orderPath = new URL(page.url()).pathname;
    // The orders list shows when each was placed and what it costs, in its currency.
    await page.goto(`${app.url}/orders/list`);
    const ordered = tableRows(page, 'orders').filter({ hasText: orderNo! });
    await ordered.waitFor();
    const headers = await page.locator('[data-testid="orders-table"]:visible thead th').allInnerTexts();
    expect(headers).toEqual(expect.arrayContaining(['Amount', 'Ordered at']));
    const cells = await ordered.locator('td').allInnerTexts();
    expect(cells[headers.indexOf('Amount')]).toMatch(/^[\d,]+\.\d{2} \w+$/);
    expect(cells[headers.indexOf('Ordered at')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    await become('admin', 'admin123');
    await approveAndShip(orderPath, LABELS.en);
    await page.getByTestId('action-dispatch').click();
    await dialogSettled(page);
    await page.getByTestId('action-dialog').locator('#root_vehicle').fill('8XKD214');
    await page.getByTestId('action-dialog').locator('#root_driver').fill('Carlos Ruiz');
    await page.getByTestId('action-dialog').locator('.ant-btn-primary').click();
    await page.getByTestId('deliveries-detail').getByText('In transit').waitFor();
    await signFor(LABELS.en, 'mall-sign-dialog');
    await shot(page, 'mall-delivery-done');

    await become('shipper', 'shipper123');
    await page.goto(`${app.url}${orderPath}`);
    await page.getByTestId('orders-detail').getByText(LABELS.en.signed).waitFor();
    // Its timeline tab tells the delivery's steps too, merged in time.
    await page.getByTestId('relation-tabs').getByRole('tab', { name: 'Timeline' }).click();
    const timeline = page.getByTestId('record-timeline').getByTestId('timeline-step');
    await expect.poll(() => timeline.count()).toBeGreaterThanOrEqual(7);
    await timeline.filter({ hasText: 'Delivery' }).filter({ hasText: 'Shipped out → In delivery' }).waitFor();
    expect(await page.getByTestId('action-complete').count()).toBe(0);
    await shot(page, 'mall-order-signed');
  });

  it('takes a customer pickup from the cart to signed for in Chinese', { timeout: 180_000 }, async () => {
    await become('shipper', 'shipper123', 'zh');
    await page.goto(`${app.url}/orders/products`);
    await tableRows(page, 'mallProducts').first().waitFor();
    await addToCart(skus[2].title, 2);
    await checkout('客户自提', false);
    expect(await page.getByTestId('order-success').innerText()).toMatch(/订单 SO\d{8}-\d{4} 提交成功/);
    await page.getByTestId('view-order').click();
    await page.getByTestId('orders-detail').getByText(LABELS.zh.awaiting).waitFor();
    await page.getByTestId('relation-tabs').getByRole('tab', { name: '时间线' }).click();
    await page.getByTestId('record-timeline').getByText('提交订单').waitFor();
    await shot(page, 'mall-order-zh');
    const orderPath = new URL(page.url()).pathname;

    // A pickup is never dispatched: the delivery offers signing for alone, straight from awaiting dispatch.
    await become('admin', 'admin123', 'zh');
    await approveAndShip(orderPath, LABELS.zh);
    expect(await page.getByTestId('action-dispatch').count()).toBe(0);
    await signFor(LABELS.zh, 'mall-sign-dialog-zh');

    await become('shipper', 'shipper123', 'zh');
    await page.goto(`${app.url}${orderPath}`);
    await page.getByTestId('orders-detail').getByText(LABELS.zh.signed).waitFor();
    // The timeline arrives after the order's own fields: wait for its rows, not the tab.
    await page.getByTestId('relation-tabs').getByRole('tab', { name: '时间线' }).click();
    await page.getByTestId('record-timeline').getByText('已出库 → 已签收').first().waitFor();
    await shot(page, 'mall-order-signed-zh');
  });
});
