import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser } from '../helpers/browser';
import { httpApi } from '../helpers/http-api';
import { chooseOption, dialogSettled, shot, signedInSession, signIn, tableRows } from './support';

type Json = Record<string, any>;

/**
 * Issue 42 in Chromium: a cargo owner asks to send back goods of their shipped mall order from the
 * order's page, and staff approve the return and receive it in its dialog, 2 pieces back into
 * stock and 1 thrown away, which the change log explains.
 */
describe('a return requested by a cargo owner, received by the warehouse', () => {
  let page: Page;
  let url: string;
  signedInSession({ username: 'shipper', password: 'shipper123' }, (session) => ({ page, url } = session));
  let staff: Awaited<ReturnType<typeof openBrowser>> | undefined;
  afterAll(() => staff?.close());

  const http = httpApi(() => url);
  let admin: string;
  let warehouse: { id: number; label: string };
  let sku: { id: number; title: string };
  let order: Json;
  let outboundNo: string;
  let returnPath: string;

  const stock = async () =>
    (await http.ok('GET', `/inventory/products?skuId=${sku.id}&warehouseId=${warehouse.id}`, admin)).rows[0] as {
      pieces: number;
      available: number;
    };

  /**
   * Picks an option of a line's select: a list re-rendering under the click (a lookup's options
   * arriving) can swallow it, so the pick is read back from the select and made again if lost.
   */
  const choose = async (id: string, option: string) => {
    const chosen = page.locator(`.ant-select:has(#${id}) .ant-select-selection-item`, { hasText: option });
    for (let attempt = 1; ; attempt++) {
      await chooseOption(page, id, '', option);
      try {
        await chosen.waitFor({ timeout: 3_000 });
        break;
      } catch (err) {
        if (attempt === 3) throw err;
        await page.keyboard.press('Escape');
      }
    }
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  };

  beforeAll(async () => {
    admin = await http.login('admin');
    const shipper = await http.login('shipper');
    const org = (await http.ok('POST', '/system/users/getInfo', shipper)).organizationId as number;
    const place = (await http.ok('GET', '/config/warehouses?shortName=LAX-ONT', admin)).rows[0];
    warehouse = { id: place.id, label: place.name };
    const first = (await http.ok('GET', `/products/skus?organizationId=${org}&sort=id&pageSize=1`, admin)).rows[0];
    sku = { id: first.id, title: first.title };
    await http.inbound(
      admin,
      { organizationId: org, warehouseId: warehouse.id, inboundType: 1, products: [{ skuId: sku.id, pieces: 10 }] },
      '2026-01-05',
    );
    // The shipper's mall order of 3, approved and shipped by the warehouse.
    await http.ok('POST', '/orders/cart', shipper, { skuId: sku.id, quantity: 3, warehouseId: warehouse.id });
    order = await http.ok('POST', '/orders/cart/checkout', shipper, { warehouseId: warehouse.id, deliveryType: 1 });
    const { outboundId } = await http.ok('POST', `/orders/${order.id}/approve`, admin, {});
    await http.ok('POST', `/inventory/outbounds/${outboundId}/confirm`, admin, {});
    outboundNo = (await http.ok('GET', `/inventory/outbounds/${outboundId}`, admin)).orderNo;
  });

  it("is requested from the order's page, its organization, warehouse and outbound filled in, and submitted", async () => {
    await page.goto(`${url}/orders/${order.id}`);
    await page.getByTestId('relation-tabs').locator('[data-node-key="returns"]').click();
    await page.getByTestId('returns-add').click();
    await page.getByTestId('modal-save').waitFor();
    await dialogSettled(page);
    const form = page.getByTestId('returns-form');
    // The lookups show the carried records by name once their labels have come.
    await expect.poll(() => form.innerText()).toContain(outboundNo);
    expect(await form.innerText()).toContain(warehouse.label);
    await form.locator('#root_lines__add').click();
    await choose('root_lines_0_skuId', sku.title);
    await form.locator('#root_lines_0_pieces').fill('3');
    await choose('root_lines_0_reason', 'Damaged');
    // The pieces are totalled, the reason's code is not.
    expect((await form.getByTestId('lines-total').innerText()).replace(/\s+/g, ' ').trim()).toBe('Total 3');
    await shot(page, 'return-request-form');
    await page.getByTestId('modal-save').click();
    await page.waitForURL((u) => /^\/inventories\/returns\/\d+$/.test(u.pathname));
    returnPath = new URL(page.url()).pathname;
    const detail = page.getByTestId('returns-detail');
    await detail.getByText(outboundNo).waitFor();
    const submitted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/submit'));
    await page.getByTestId('action-submit').click();
    expect((await (await submitted).json()).code).toBe(20000);
    await detail.getByText('Requested', { exact: true }).first().waitFor();
    await shot(page, 'return-requested');
  });

  it('is approved and received by staff in its dialog: 2 restocked and 1 disposed, logged with its reason', async () => {
    const before = await stock();
    staff = await openBrowser();
    const desk = staff.page;
    await desk.goto(`${url}/login`);
    await signIn(desk, 'admin', 'admin123');
    await desk.waitForURL((u) => u.pathname !== '/login');
    await desk.goto(`${url}${returnPath}`);
    const detail = desk.getByTestId('returns-detail');
    await desk.getByTestId('action-approve').click();
    await dialogSettled(desk);
    await desk.getByTestId('confirm-ok').click();
    await detail.getByText('Approved', { exact: true }).first().waitFor();

    await desk.getByTestId('action-receive').click();
    const dialog = desk.getByTestId('return-receive-dialog');
    await dialogSettled(desk);
    const row = dialog.locator('tbody tr.ant-table-row');
    await row.getByText(sku.title).waitFor();
    const input = (outcome: string) => row.locator(`[data-testid^="receive-${outcome}-"]`);
    await input('restocked').fill('2');
    await input('disposed').fill('1');
    await expect.poll(() => row.locator('td').last().innerText()).toBe('0');
    await shot(desk, 'return-receive-dialog');
    const received = desk.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/receive'));
    await dialog.getByTestId('action-dialog-ok').click();
    expect((await (await received).json()).code).toBe(20000);
    await dialog.waitFor({ state: 'hidden' });
    await detail.getByText('Received', { exact: true }).first().waitFor();
    await desk.getByTestId('relation-tabs').locator('[data-node-key="changeLogs"]').click();
    await expect.poll(() => tableRows(desk, 'changeLogs').count()).toBe(3);
    await shot(desk, 'return-received');
    // The disposal's own log says why the piece left: its line's reason.
    await tableRows(desk, 'changeLogs').filter({ hasText: 'Return disposed' }).getByRole('button').first().click();
    const disposal = desk.getByTestId('changeLogs-detail');
    await disposal.getByText('Damaged', { exact: true }).waitFor();
    await shot(desk, 'return-disposal-log');

    const id = returnPath.split('/').at(-1);
    expect(await http.ok('GET', `/inventory/returns/${id}`, admin)).toMatchObject({ status: 6, receivedPieces: 3 });
    expect(await stock()).toMatchObject({ pieces: before.pieces + 2, available: before.available + 2 });
    const logs = (await http.ok('GET', `/inventory/returns/${id}/changeLogs?sort=id`, admin)).rows as Json[];
    expect(logs.map((l) => [l.changeType, l.pieces, l.returnReason])).toEqual([
      [6, 2, 1],
      [6, 1, 1],
      [7, -1, 1],
    ]);
  });
});
