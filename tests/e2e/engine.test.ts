import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { firstCellTexts, shot, signedInSession, tableRows, waitForPath } from './support';

/** The generated list and form screens, driven from resources/countries.ts and ports.ts. */
describe('generated screens', () => {
  let page: Page;
  let url: string;
  signedInSession({ height: 900 }, (session) => ({ page, url } = session));

  const openCountries = async () => {
    await page.goto(`${url}/configuration/countries`);
    await tableRows(page, 'countries').first().waitFor();
  };

  it('filters the countries list by status and keeps the filter in the URL', async () => {
    await openCountries();
    await shot(page, 'countries');
    const status = page
      .locator('[data-testid="list-filters"] .ant-form-item', { hasText: 'Status' })
      .locator('.ant-select');
    await status.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Invalid"]').click();
    await page.getByTestId('filter-submit').click();
    await page.waitForURL(/filters/);
    await page.locator('[data-testid="countries-table"] .ant-empty').waitFor();
    expect(await tableRows(page, 'countries').count()).toBe(0);

    await status.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Valid"]').click();
    await page.getByTestId('filter-submit').click();
    await expect.poll(() => tableRows(page, 'countries').count()).toBeGreaterThan(0);
  });

  it('sorts by a column when its header is clicked', async () => {
    await openCountries();
    const nameColumn = 3; // code, Chinese name, English name
    await page.locator('[data-testid="countries-table"] thead th', { hasText: 'English name' }).first().click();
    await expect.poll(async () => (await firstCellTexts(page, 'countries', nameColumn))[0]).toBe('Afghanistan');
    const names = await firstCellTexts(page, 'countries', nameColumn);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect(page.url()).toContain('sorters');
  });

  it('searches with q', async () => {
    await openCountries();
    await page.getByTestId('filter-q').fill('japan');
    await page.getByTestId('filter-submit').click();
    await expect.poll(() => tableRows(page, 'countries').count()).toBe(1);
    expect(await firstCellTexts(page, 'countries', 3)).toEqual(['Japan']);
  });

  it('creates a port: field errors on the fields, then saved and listed', async () => {
    await page.goto(`${url}/configuration/ports/create`);
    const form = page.getByTestId('ports-form');
    await form.waitFor();
    const save = page.getByTestId('save-button');

    // Required fields first.
    await save.click();
    await form.getByText('The field is required').first().waitFor();

    await page.locator('#root_code').fill('bad');
    await page.locator('#root_nameCn').fill('测试港');
    await page.locator('#root_nameEn').fill('Testport');
    await page.locator('#root_countryId').click();
    await page.keyboard.type('Japan');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Japan' }).click();
    await save.click();
    await form.getByText('Please input 5 capital letters or digits, the first two letters, e.g. CNSHA.').waitFor();

    // A code already taken passes the browser's checks; the server's field error shows on the field.
    await page.locator('#root_code').fill('CNSHA');
    // Checked as typed once a save has failed: the new code is in the form before saving again.
    await form
      .getByText('Please input 5 capital letters or digits, the first two letters, e.g. CNSHA.')
      .waitFor({ state: 'hidden' });
    await save.click();
    await form.getByText('This value is already used by another record.').waitFor({ timeout: 10_000 });

    await page.locator('#root_code').fill('JPTST');
    await save.click();
    await waitForPath(page, '/configuration/ports');
    await page.getByTestId('filter-q').fill('Testport');
    await page.getByTestId('filter-submit').click();
    await expect.poll(() => tableRows(page, 'ports').count()).toBe(1);
    const row = tableRows(page, 'ports').first();
    expect(await row.innerText()).toContain('JPTST');
    // The country column shows the referenced record's label once the lookup has answered.
    await expect.poll(() => row.innerText()).toContain('Japan');
  });

  it("opens a row's detail from its button, and deletes the row only once confirmed", async () => {
    const row = tableRows(page, 'ports').first();
    expect(await row.innerText()).toContain('JPTST');
    await row.getByTitle('Detail', { exact: true }).click();
    await page.waitForURL((u) => /^\/configuration\/ports\/\d+$/.test(u.pathname));
    await page.getByTestId('ports-detail').getByText('JPTST').waitFor();
    await page.goBack();
    await waitForPath(page, '/configuration/ports');

    await row.getByTitle('Delete', { exact: true }).click();
    const confirm = page.locator('.ant-popover:visible', { hasText: 'Are you sure you want to delete?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await tableRows(page, 'ports').count()).toBe(1);
    await row.getByTitle('Delete', { exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => tableRows(page, 'ports').count()).toBe(0);
  });

  it('answers a record that cannot be read with its message and a way back to the list', async () => {
    await page.goto(`${url}/configuration/ports/999999`);
    const missing = page.getByTestId('record-missing');
    await missing.getByText('The record does not exist or you cannot see it.').waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await missing.getByRole('button', { name: 'Back to the list' }).click();
    await waitForPath(page, '/configuration/ports');
    await tableRows(page, 'ports').first().waitFor();
  });
});
