import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pieceSku } from '../helpers/demo';
import { httpApi } from '../helpers/http-api';
import { dialogSettled, shot, signedInSession } from './support';

type Json = Record<string, any>;

/**
 * Issue 42 on a phone: the goods of an approved return are scanned on the scan screen like an
 * inbound's, and its receive dialog starts from the pieces scanned: 2 of the 3 asked came back.
 */
describe('a return received by scanning', () => {
  let page: Page;
  let url: string;
  signedInSession({ width: 390, height: 844 }, (session) => ({ page, url } = session));
  const http = httpApi(() => url);
  let admin: string;
  let sku: number;
  let warehouse: number;
  let made: Json;

  beforeAll(async () => {
    admin = await http.login('admin');
    const shipper = await http.login('shipper');
    const org = (await http.ok('POST', '/system/users/getInfo', shipper)).organizationId as number;
    warehouse = (await http.ok('GET', '/config/warehouses?shortName=LAX-ONT', admin)).rows[0].id;
    const product = (await http.ok('GET', `/products?organizationId=${org}&pageSize=1&sort=id`, admin)).rows[0];
    const body = pieceSku({ productId: product.id, title: 'Returned lamp', barcode: 'RMA-LAMP-1' });
    sku = (await http.ok('POST', '/products/skus', admin, body)).id;
    made = await http.ok('POST', '/inventory/returns', shipper, {
      warehouseId: warehouse,
      lines: [{ skuId: sku, pieces: 3, reason: 3 }],
    });
    await http.ok('POST', `/inventory/returns/${made.id}/submit`, shipper, {});
    await http.ok('POST', `/inventory/returns/${made.id}/approve`, admin, {});
  });

  it("is scanned from its page's link, then received in its dialog as scanned", async () => {
    await page.goto(`${url}/inventories/returns/${made.id}`);
    await page.getByTestId('scan-document-link').click();
    await expect.poll(() => page.getByTestId('scan-document').innerText()).toContain(made.returnNo);
    const line = page.getByTestId(`scan-line-${sku}`);
    await line.waitFor();
    for (const code of ['RMA-LAMP-1', 'NOT-ON-IT', 'RMA-LAMP-1']) {
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
    }
    // All three on the server, the refused one kept with its reason; the receive then waits for nothing.
    await expect.poll(async () => (await http.ok('GET', `/inventory/returns/${made.id}/scans`, admin)).total).toBe(3);
    await expect.poll(() => page.getByTestId('scan-confirm').isEnabled()).toBe(true);
    expect(await line.getAttribute('data-scanned')).toBe('2');
    await shot(page, 'return-scan');

    await page.getByTestId('scan-confirm').click();
    const dialog = page.getByTestId('return-receive-dialog');
    await dialogSettled(page);
    const restocked = dialog.locator('[data-testid^="receive-restocked-"]');
    await expect.poll(() => restocked.inputValue()).toBe('2');
    await shot(page, 'return-scan-receive');
    const received = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/receive'));
    await dialog.getByTestId('action-dialog-ok').click();
    expect((await (await received).json()).code).toBe(20000);
    await expect.poll(() => page.getByTestId('scan-result').innerText()).toContain(`${made.returnNo} received`);

    const [returned] = (await http.ok('GET', `/inventory/returns/${made.id}/lines`, admin)).rows;
    expect(returned).toMatchObject({ pieces: 3, restocked: 2, quarantined: 0, disposed: 0, difference: -1 });
    const stock = (await http.ok('GET', `/inventory/products?skuId=${sku}&warehouseId=${warehouse}`, admin)).rows[0];
    expect(stock).toMatchObject({ pieces: 2, available: 2 });
  });
});
