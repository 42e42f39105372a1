import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import seededPorts from '../../src/server/seed/data/ports.json';
import { cartonPng } from '../../src/server/seed/pictures';
import { browserSession, dialogSettled, expectPainted, shot, signIn, tableRows, waitForPath } from './support';

/** Issue 4 in Chromium: master data through the generated list, form and detail pages. */
describe('master data', () => {
  let page: Page;
  let url: string;
  browserSession({ height: 900 }, (session) => ({ page, url } = session));
  const ORG = 'E2E Trading Ltd';
  const JAPAN_PORTS = seededPorts
    .filter((p) => p.countryCode === 'JPN')
    .map((p) => p.nameEn)
    .sort();
  const CODE = 'E2E-ORG';

  const setLanguage = (lang: string) => page.context().addCookies([{ name: 'language', value: lang, url }]);

  const signInAs = async (user: string, home = '/dashboard') => {
    await page.context().clearCookies();
    await setLanguage('en');
    await page.goto(`${url}/login`);
    await signIn(page, user, `${user}123`);
    await waitForPath(page, home);
  };

  /** Picks an option of an antd select, typing first for a lookup. */
  const pick = async (selector: string, option: string, type?: string) => {
    await page.locator(selector).click();
    if (type) await page.keyboard.type(type);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  };

  const openTab = async (name: string) => {
    await page.getByTestId('relation-tabs').getByRole('tab', { name }).click();
  };

  const filterList = async (resource: string, q: string) => {
    await page.getByTestId('filter-q').fill(q);
    await page.getByTestId('filter-submit').click();
    await expect.poll(() => tableRows(page, resource).count()).toBe(1);
  };

  it('admin creates an organization, then a contact and an address in place', async () => {
    await signInAs('admin');
    await page.goto(`${url}/organizations/edit`);
    await page.getByTestId('organizations-form').waitFor();
    await page.locator('#root_organizationName').fill(ORG);
    await page.locator('#root_organizationCode').fill(CODE);
    await page.getByTestId('save-button').click();
    await waitForPath(page, '/organizations');

    // Found by the code filter (x-filter eq), then opened.
    await page.getByTestId('filter-organizationCode').fill(CODE);
    await page.getByTestId('filter-submit').click();
    await expect.poll(() => tableRows(page, 'organizations').count()).toBe(1);
    await tableRows(page, 'organizations').first().locator('button').first().click();
    await page.getByTestId('organizations-detail').getByText(ORG).waitFor();

    await openTab('Contacts');
    await page.getByTestId('contacts-add').click();
    await page.locator('.ant-modal #root_nameCn').fill('王经理');
    await page.locator('.ant-modal #root_email').fill('wang@e2e.test');
    await page.getByTestId('modal-save').click();
    await expect.poll(() => tableRows(page, 'contacts').count()).toBe(1);
    expect(await tableRows(page, 'contacts').first().innerText()).toContain('wang@e2e.test');
    // The sub-list searches within this organization's contacts.
    await page.getByTestId('contacts-search').fill('nobody');
    await page.keyboard.press('Enter');
    await expect.poll(() => tableRows(page, 'contacts').count()).toBe(0);
    await page.getByTestId('contacts-search').fill('wang@');
    await page.keyboard.press('Enter');
    await expect.poll(() => tableRows(page, 'contacts').count()).toBe(1);

    await openTab('Addresses');
    await page.getByTestId('addresses-add').click();
    await dialogSettled(page);
    await page.getByTestId('modal-save').click();
    await page.locator('.ant-modal').getByText('The field is required').first().waitFor();
    await page.locator('.ant-modal #root_name').fill('Main warehouse');
    await page.locator('.ant-modal #root_address').fill('1 Harbour Road, Shanghai');
    await page.getByTestId('modal-save').click();
    await expect.poll(() => tableRows(page, 'addresses').count()).toBe(1);
    expect(await tableRows(page, 'addresses').first().innerText()).toContain('Valid');
    await openTab('Contacts');
    await shot(page, 'organization-detail-en');
  });

  it('edits the organization and exports the filtered list to .xlsx', async () => {
    await page.goto(`${url}/organizations`);
    await filterList('organizations', CODE);
    await tableRows(page, 'organizations').first().locator('a[href*="/organizations/edit/"], button').nth(1).click();
    await page.locator('#root_companyNameEN').waitFor();
    await page.locator('#root_companyNameEN').fill('E2E Trading Company Limited');
    await page.getByTestId('save-button').click();
    await waitForPath(page, '/organizations');
    await filterList('organizations', CODE);
    expect(await tableRows(page, 'organizations').first().innerText()).toContain('E2E Trading Company Limited');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
    expect(download.suggestedFilename()).toMatch(/^excel-list-\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Organization name');
    expect(sheet.rowCount).toBe(2);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row).toContain(ORG);
    expect(row).toContain(CODE);
    expect(row).toContain('Regular'); // the level's label, not its code
  });

  it('creates a product with a SKU; a tax line without a country is refused with the message', async () => {
    await page.goto(`${url}/products/spus/add`);
    await page.getByTestId('products-form').waitFor();
    await page.getByTestId('save-button').click();
    await page.getByTestId('products-form').getByText('The field is required').first().waitFor();
    await pick('#root_organizationId', ORG, 'E2E');
    await page.locator('#root_shortName').fill('E2E-SOAP');
    await page.locator('#root_nameCn').fill('测试肥皂');
    await page.locator('#root_nameEn').fill('Test soap');
    await pick('#root_chargeUnit', 'pcs');
    // A fixed choice no longer shows its message once the form is checked as the user types.
    await expect.poll(() => page.getByTestId('products-form').getByText('The field is required').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'product-form-en');
    await page.getByTestId('save-button').click();
    await waitForPath(page, '/products/spus');
    await filterList('products', 'E2E-SOAP');
    await tableRows(page, 'products').first().locator('button').first().click();
    await page.getByTestId('products-detail').waitFor();

    await openTab('SKUs');
    await page.getByTestId('skus-add').click();
    await page.locator('.ant-modal #root_title').fill('Soap 100 g');
    await page.locator('.ant-modal #root_quantity').fill('100');
    await pick('.ant-modal #root_quantityUnit', 'pcs');
    await pick('.ant-modal #root_packingType', 'Carton');
    await page.locator('.ant-modal #root_unitPrice').fill('2.5');
    // The picture uploaded is shown at once, by a signed URL (an <img> sends no session).
    await page
      .locator('.ant-modal [data-testid="upload-root_picture"] input[type=file]')
      .setInputFiles({ name: 'soap.png', mimeType: 'image/png', buffer: cartonPng([200, 160, 90]) });
    await expectPainted(page.locator('.ant-modal [data-testid="upload-root_picture"] img'));
    await page.getByTestId('modal-save').click();
    await expect.poll(() => tableRows(page, 'skus').count()).toBe(1);
    // Money with 2 decimals and the currency label.
    expect(await tableRows(page, 'skus').first().innerText()).toContain('2.50 CNY');

    await openTab('Tax data');
    await page.getByTestId('taxes-add').click();
    await page.locator('.ant-modal #root_hsCode').fill('34011100');
    await page.getByTestId('modal-save').click();
    await page.locator('.ant-modal').getByText('Please select a country.').first().waitFor();
    expect(await page.locator('.ant-modal').getByText('Please select a country.').count()).toBe(2);
    await page.locator('.ant-modal .ant-modal-close').click();
  });

  it('keeps the chosen columns, shows categories as a tree and narrows ports by country', async () => {
    await page.goto(`${url}/organizations`);
    await tableRows(page, 'organizations').first().waitFor();
    const header = page.locator('[data-testid="organizations-table"] thead');
    expect(await header.getByText('Website').count()).toBe(0);
    await page.getByTestId('column-picker-button').click();
    await page.getByTestId('column-picker').getByText('Website').click();
    await header.getByText('Website').waitFor();
    await page.reload();
    await header.getByText('Website').waitFor();

    await page.goto(`${url}/products/categories`);
    await page.locator('[data-testid="productCategories-table"] .ant-table-row-expand-icon').first().waitFor();

    await page.goto(`${url}/shipments/addShipment`);
    await pick('#root_originCountryId', 'Japan', 'Japan');
    await page.locator('#root_loadingPortId').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    await expect.poll(async () => (await options.allInnerTexts()).sort()).toEqual(JAPAN_PORTS);
    await page.keyboard.press('Escape');
  });

  it('gives the shipper no Organizations menu and /401 for its URL', async () => {
    await signInAs('shipper', '/cargo/dashboard');
    await page.locator('.ant-menu').first().waitFor();
    expect(await page.locator('.ant-menu').getByText('Organizations', { exact: true }).count()).toBe(0);
    await page.goto(`${url}/organizations`);
    await waitForPath(page, '/401');
  });

  it('removing a button resource from a role hides the button after the next sign-in', async () => {
    await signInAs('editor');
    await page.goto(`${url}/organizations`);
    await page.getByTestId('export-button').waitFor();

    await signInAs('admin');
    await page.goto(`${url}/permissions/roles`);
    await filterList('roles', 'editor');
    await tableRows(page, 'roles').first().locator('button').first().click();
    const panel = page.getByTestId('role-resources');
    // The tree opens folded: the search finds the button.
    await panel.getByPlaceholder('Search pages, buttons and rights').fill('organizations.export');
    const exportNode = panel.locator('.ant-tree-treenode', { hasText: '· organizations.export' });
    await exportNode.waitFor();
    expect(await exportNode.locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await exportNode.locator('.ant-tree-checkbox').click();
    await panel.locator('.ant-card-head').scrollIntoViewIfNeeded();
    await shot(page, 'role-panel-en');
    await page.getByTestId('role-resources-save').click();
    await page.getByText('Users of this role see the change at their next sign-in.').waitFor();

    await signInAs('editor');
    await page.goto(`${url}/organizations`);
    await tableRows(page, 'organizations').first().waitFor();
    expect(await page.getByTestId('export-button').count()).toBe(0);
  });

  it('screens in Chinese', async () => {
    await signInAs('admin');
    // The next page load reads the language from its cookie.
    await setLanguage('zh');
    await page.goto(`${url}/organizations`);
    await filterList('organizations', CODE);
    await tableRows(page, 'organizations').first().locator('button').first().click();
    await page.getByTestId('relation-tabs').waitFor();
    await tableRows(page, 'contacts').first().waitFor();
    await shot(page, 'organization-detail-zh');
    await page.goto(`${url}/products/spus/add`);
    await page.getByTestId('products-form').waitFor();
    await shot(page, 'product-form-zh');
    await page.goto(`${url}/permissions/roles`);
    await filterList('roles', 'editor');
    await tableRows(page, 'roles').first().locator('button').first().click();
    await page.getByTestId('role-resources').locator('.ant-tree-checkbox-checked').first().waitFor();
    await page.getByTestId('role-resources').locator('.ant-card-head').scrollIntoViewIfNeeded();
    await shot(page, 'role-panel-zh');
    // Lookups name records in the screen's language: a port's country in Chinese.
    await page.goto(`${url}/configuration/ports`);
    await filterList('ports', 'CNSHA');
    await expect.poll(() => tableRows(page, 'ports').first().innerText()).toContain('中国');
  });
});
