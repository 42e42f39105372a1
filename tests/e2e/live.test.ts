import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp } from '../helpers/app-server';
import { openBrowser } from '../helpers/browser';
import { announcedInbound } from '../helpers/demo';
import { httpApi } from '../helpers/http-api';
import { signIn } from './support';

/**
 * Live screens (issue 26) in Chromium: two people's browsers on one app. Staff change records
 * over the API (as another user's screen would), and the screens open elsewhere follow without a
 * reload: a staff user's inbound list and dashboard, a shipper's own orders, and nothing of other
 * organizations reaching the shipper's browser.
 */
describe('screens that update live', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  const browsers: Awaited<ReturnType<typeof openBrowser>>[] = [];
  let admin: string;
  let shipperToken: string;
  let staff: Awaited<ReturnType<typeof openBrowser>>;

  const http = httpApi(() => app.url);
  const { ok: call, login } = http;
  const inbound = async (organizationId: number, warehouseId: number, skuId: number) => {
    const products = [{ skuId, pieces: 20, pallets: 1 }];
    return (await http.inbound(admin, announcedInbound({ organizationId, warehouseId, products }))).id;
  };

  /** A browser signed in as `username`, recording what its live stream tells it. */
  const browserOf = async (username: string, password: string) => {
    const browser = await openBrowser({ width: 1440, height: 1000 });
    browsers.push(browser);
    await browser.context.addInitScript(() => {
      const Native = window.EventSource;
      const heard: string[] = [];
      (window as unknown as { liveHeard: string[] }).liveHeard = heard;
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener('changes', (event) => heard.push((event as MessageEvent<string>).data));
        }
      };
    });
    await browser.page.goto(`${app.url}/login`);
    await signIn(browser.page, username, password);
    await browser.page.waitForURL((u) => u.pathname !== '/login');
    return browser;
  };

  const row = (page: Page, resource: string, id: number) =>
    page.locator(`[data-testid="${resource}-table"]:visible tr[data-row-key="${id}"]`);
  const heardOf = async (page: Page) =>
    (await page.evaluate(() => (window as unknown as { liveHeard: string[] }).liveHeard)).flatMap(
      (data) => JSON.parse(data) as { resource: string; ids: string[] }[],
    );

  beforeAll(async () => {
    app = await startApp();
    admin = await login('admin', 'admin123');
    shipperToken = await login('shipper', 'shipper123');
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await app?.close();
  });

  it("shows staff an inbound another user confirms, in its list and the dashboard; a shipper sees their order move and nothing of others'", async () => {
    const ownOrg = (await call('POST', '/system/users/getInfo', shipperToken)).organizationId as number;
    const warehouse = (await call('GET', '/config/warehouses?shortName=LAX-ONT', admin)).rows[0].id as number;
    const ownSku = (await call('GET', `/products/skus?organizationId=${ownOrg}&pageSize=1&sort=id`, admin)).rows[0];
    const foreignSku = (await call('GET', `/products/skus?pageSize=100&sort=id`, admin)).rows.find(
      (s: { organizationId: number }) => s.organizationId !== ownOrg,
    );
    // The shipper's order, awaiting review, from stock received for it.
    const received = await inbound(ownOrg, warehouse, ownSku.id);
    await call('POST', `/inventory/inbounds/${received}/confirm`, admin, { inboundDate: '2026-11-06' });
    await call('POST', '/orders/cart', shipperToken, { skuId: ownSku.id, quantity: 2, warehouseId: warehouse });
    const order = await call('POST', '/orders/cart/checkout', shipperToken, {
      warehouseId: warehouse,
      deliveryType: 1,
    });
    // Another organization's inbound, awaiting confirmation.
    const foreignInbound = await inbound(foreignSku.organizationId, warehouse, foreignSku.id);

    staff = await browserOf('admin', 'admin123');
    const list = staff.page;
    await list.goto(`${app.url}/inventories/inbounds`);
    await row(list, 'inbounds', foreignInbound).getByText('Awaiting inbound').waitFor();
    const dashboard = await staff.context.newPage();
    await dashboard.goto(`${app.url}/dashboard`);
    const awaiting = dashboard.getByTestId('count-inboundsAwaiting').locator('.ant-statistic-content-value');
    await awaiting.waitFor();
    const before = Number(await awaiting.innerText());

    const shipper = await browserOf('shipper', 'shipper123');
    await shipper.page.goto(`${app.url}/orders/list`);
    await row(shipper.page, 'orders', order.id).getByText('Awaiting review').waitFor();

    // Another user's actions, straight to the API: confirm the inbound, approve the order.
    await call('POST', `/inventory/inbounds/${foreignInbound}/confirm`, admin, { inboundDate: '2026-11-06' });
    await call('POST', `/orders/${order.id}/approve`, admin);

    await row(list, 'inbounds', foreignInbound).getByText('Inbound done').waitFor();
    await expect.poll(async () => Number(await awaiting.innerText())).toBe(before - 1);
    await row(shipper.page, 'orders', order.id).getByText('Review approved').waitFor();

    // The shipper's stream told it of its own order and nothing of the other organization's inbound.
    const told = await heardOf(shipper.page);
    expect(told.some((c) => c.resource === 'orders' && c.ids.includes(String(order.id)))).toBe(true);
    expect(told.some((c) => c.resource === 'inbounds' && c.ids.includes(String(foreignInbound)))).toBe(false);
    // The staff browser heard of it (its list did not read again for another reason).
    expect((await heardOf(list)).some((c) => c.resource === 'inbounds' && c.ids.includes(String(foreignInbound)))).toBe(
      true,
    );
  });

  it('tells a form whose record another user changed who did it, keeping what was typed until reloaded', async () => {
    const china = (await call('GET', '/config/countries?code=CHN', admin)).rows[0].id;
    const port = await call('POST', '/config/ports', admin, {
      code: 'CNLVE',
      countryId: china,
      nameCn: '实时',
      nameEn: 'Live Harbour',
      displayOrder: 300,
      status: 1,
    });
    await call('POST', '/system/users', admin, {
      username: 'linwei',
      name: 'Lin Wei',
      status: 1,
      roles: ['admin'],
      password: 'linwei123',
    });
    const colleague = await login('linwei', 'linwei123');

    const page = staff.page;
    await page.goto(`${app.url}/configuration/ports/edit/${port.id}`);
    const name = page.locator('#root_nameEn:visible');
    await expect.poll(() => name.inputValue()).toBe('Live Harbour');
    await name.fill('Typed here');
    await call('PUT', `/config/ports/${port.id}`, colleague, { version: port.version, nameEn: 'Changed elsewhere' });

    const notice = page.getByTestId('changed-elsewhere');
    await notice.getByText('Lin Wei').waitFor();
    expect(await name.inputValue()).toBe('Typed here');
    await notice.getByTestId('changed-elsewhere-reload').click();
    await expect.poll(() => name.inputValue()).toBe('Changed elsewhere');
    await notice.waitFor({ state: 'detached' });
  });
});
