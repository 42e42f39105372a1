import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseOption, confirmOnDay, dialogSettled, shot, signedInSession, tableRows } from './support';

/** Issue 7 in Chromium: a shipment from booking to stock without leaving the product. */
describe('shipments', () => {
  let page: Page;
  let url: string;
  signedInSession({}, (session) => ({ page, url } = session));

  const choose = (id: string, search: string, option: string | RegExp) => chooseOption(page, id, search, option);
  const typeDate = async (id: string, date: string) => {
    await page.locator(`#${id}`).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(date);
    await page.keyboard.press('Enter');
  };

  it('books a shipment choosing country then port, adds a container and goods, copies it and receives it into stock', async () => {
    await page.goto(`${url}/shipments/addShipment`);
    await page.getByTestId('shipments-form').waitFor();
    await choose('root_organizationId', 'Hengda', 'Hengda');
    await choose('root_originCountryId', 'China', 'China');
    await choose('root_loadingPortId', 'Shanghai', 'Shanghai');
    await choose('root_destinationCountryId', 'United States', 'United States');
    // The port list follows the country: Rotterdam is not offered for the United States.
    await page.locator('#root_dischargePortId').click();
    await page.keyboard.type('Rotterdam');
    await page
      .locator('.ant-select-dropdown:visible .ant-empty, .ant-select-dropdown:visible .ant-select-item-empty')
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await choose('root_dischargePortId', 'Long Beach', 'Long Beach');
    await page.locator('#root_blNo').fill('COSU6399887760');
    await typeDate('root_etd', '2026-11-01');
    await typeDate('root_eta', '2026-10-20');
    await page.getByTestId('save-button').click();
    await page.getByTestId('shipments-form').getByText('The ETA cannot be before the ETD.').waitFor();
    await typeDate('root_eta', '2026-11-18');
    await page.getByTestId('save-button').click();
    await page.waitForURL((u) => u.pathname === '/shipments/list');

    await tableRows(page, 'shipments').first().locator('button').first().click();
    await page.getByTestId('action-copy').waitFor();
    await page.getByRole('tab', { name: 'Containers' }).click();
    await page.getByTestId('containers-add').click();
    await page.locator('#root_containerNo').fill('CSQU3054384');
    await choose('root_containerType', '', "40' HQ");
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page
      .locator('.ant-modal')
      .getByText('The container number check digit is wrong (ISO 6346).')
      .first()
      .waitFor();
    await page.locator('#root_containerNo').fill('CSQU3054383');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => tableRows(page, 'containers').count()).toBe(1);

    await tableRows(page, 'containers').first().locator('button').first().click();
    // The container opens as a page of its own; the shipment page kept behind it has a Goods tab too.
    await page.waitForURL((u) => u.pathname.startsWith('/shipments/containers/'));
    const container = page
      .locator('.ant-card', { has: page.getByTestId('containers-detail') })
      .filter({ visible: true });
    await container.getByRole('tab', { name: 'Goods' }).click();
    // The SKU list offers only the shipment customer's SKUs (x-dependsOn through the container).
    for (const [search, sku, pieces] of [
      ['LED strip', /LED strip.*20 pcs/, 30],
      ['Silicone', /Silicone.*50 pcs/, 12],
    ] as const) {
      await page.getByTestId('goods-add').click();
      await choose('root_skuId', search, sku);
      await page.locator('#root_quantity').fill(String(pieces));
      await page.locator('#root_pieces').fill(String(pieces));
      await page.locator('#root_unitPrice').fill('2.5');
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    }
    await expect.poll(() => tableRows(page, 'goods').count()).toBe(2);
    const footer = await page.locator('[data-testid="goods-footer"]:visible').innerText();
    expect(footer).toContain('42');
    expect(footer).toContain('105.00 USD');
    await shot(page, 'container-goods');

    await page.goBack();
    await page.getByTestId('action-copy').click();
    await page.locator('.ant-modal-confirm-title:visible', { hasText: 'Are you sure copy the shimpent?' }).waitFor();
    await dialogSettled(page);
    await page.locator('.ant-modal-confirm-btns:visible .ant-btn-primary').click();
    await page.waitForURL(/\/shipments\/edit\/\d+/);
    await page.locator('[data-testid="shipments-form"]:visible #root_organizationId').waitFor();
    expect(await page.locator('[data-testid="shipments-form"]:visible #root_blNo').inputValue()).toBe('');

    await page.goto(`${url}/shipments/list`);
    await tableRows(page, 'shipments').nth(1).locator('button').first().click();
    await page.getByTestId('action-inbound').click();
    await dialogSettled(page);
    await choose('root_warehouseId', 'Los Angeles', 'Los Angeles');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.waitForURL(/\/inventories\/inbounds\/\d+/);
    await page.getByTestId('action-submit').click();
    await confirmOnDay(page, '2026-11-20');
    await page.getByTestId('inbounds-detail').getByText('Inbound done').waitFor();

    await page.goto(`${url}/inventories/products`);
    await expect.poll(() => tableRows(page, 'inventory').count(), { timeout: 15_000 }).toBe(2);
    expect((await tableRows(page, 'inventory').allInnerTexts()).join('\n')).toMatch(/30[\s\S]*12|12[\s\S]*30/);
  });
});
