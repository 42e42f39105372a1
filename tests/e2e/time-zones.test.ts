import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInSession, tableRows, waitForPath } from './support';

/** Issue 24 in Chromium: a warehouse's time zone, chosen in its form from the zones the browser knows. */
describe("a warehouse's time zone", () => {
  let page: Page;
  let url: string;
  signedInSession({}, (session) => ({ page, url } = session));

  it("starts at the business's zone, is found by its name in words, and is kept", async () => {
    await page.goto(`${url}/configuration/warehouses/edit`);
    const form = page.getByTestId('warehouses-form');
    await form.waitFor();
    await expect.poll(() => form.locator('.ant-select-selection-item[title^="Asia/Shanghai"]').count()).toBe(1);
    await page.locator('#root_name').fill('Seattle Kent Warehouse');
    await page.locator('#root_shortName').fill('SEA-KNT');
    await page.locator('#root_address').fill('21000 72nd Ave S, Kent, WA 98032');
    // The select shows its value over the search input, which takes the typing once the select is open.
    await form.locator('.ant-select', { has: page.locator('#root_timeZone') }).click();
    await page.keyboard.type('Pacific Time');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'America/Los_Angeles' })
      .first()
      .click();
    await page.getByTestId('save-button').click();
    await waitForPath(page, '/configuration/warehouses');

    await page.getByTestId('filter-q').fill('SEA-KNT');
    await page.getByTestId('filter-submit').click();
    await expect.poll(() => tableRows(page, 'warehouses').count()).toBe(1);
    await tableRows(page, 'warehouses').first().locator('button').first().click();
    await page.getByTestId('warehouses-detail').getByText('America/Los_Angeles').waitFor();
  });
});
