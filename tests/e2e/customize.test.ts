import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resourceByName } from '../../resources/index';
import { screenPaths } from '../../src/domain/resource';
import { httpApi } from '../helpers/http-api';
import { browserSession, dialogSettled, shot, signIn, tableRows, toastWith } from './support';

/** A value list's labels as the admin types them, and as each language's screens then say them. */
const TIER = { en: 'Credit tier', zh: '信用等级', es: 'Nivel de crédito', ja: '与信ランク' };
const GOLD = { en: 'Gold', zh: '金牌', es: 'Oro', ja: 'ゴールド' };
const SILVER = { en: 'Silver', zh: '银牌', es: 'Plata', ja: 'シルバー' };
const LANGUAGE = { en: 'English', zh: 'Chinese', es: 'Spanish', ja: 'Japanese' };

const fillLabels = async (scope: ReturnType<Page['locator']>, title: string, labels: Record<string, string>) => {
  for (const [language, text] of Object.entries(labels))
    await scope.getByLabel(`${title} (${LANGUAGE[language as keyof typeof LANGUAGE]})`, { exact: true }).fill(text);
};

/**
 * Issue 40 in Chromium: an admin adds a value-list field to organizations with its four labels
 * under System -> Customize, previews the plan, applies it with a reason, and the organizations
 * list and form show it at once, in each of the four languages, with no reload of the app.
 */
describe('an admin adds a field from the screen', () => {
  let page: Page;
  let url: string;
  browserSession({}, (session) => ({ page, url } = session));

  it('previews and applies a value list on organizations, which the list and form then show in four languages', async () => {
    await page.goto(`${url}/login`);
    await signIn(page);
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(`${url}/system/customize`);
    await page.getByTestId('customize-resource-select').click();
    await page.keyboard.type('Organizations');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Organizations$/ }).click();
    await page.getByTestId('customize-add-field').click();
    const dialog = page.locator('.ant-modal:visible').last();
    await dialogSettled(page);
    await dialog.getByLabel('Name', { exact: true }).fill('creditTier');
    await dialog.getByLabel('Type', { exact: true }).first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Value list$/ }).click();
    await fillLabels(dialog, 'Label', TIER);
    await dialog.getByRole('button', { name: 'Add a value' }).click();
    await dialog.getByRole('button', { name: 'Add a value' }).click();
    const values = dialog.locator('.ant-card');
    await fillLabels(values.nth(0), 'Value label', GOLD);
    await fillLabels(values.nth(1), 'Value label', SILVER);
    await dialog.getByTestId('customize-field-preview').click();
    const plan = dialog.getByTestId('customize-plan');
    await expect.poll(() => plan.innerText()).toMatch(/ADD COLUMN IF NOT EXISTS "credit_tier" integer/);
    await shot(page, 'customize-preview');
    await dialog.getByTestId('customize-field-apply').click();
    await page.getByLabel('Reason', { exact: true }).fill('Credit control asks for tiers');
    await page.getByTestId('customize-reason-ok').click();
    await toastWith(page, 'The change is applied.').waitFor();

    // The list takes one more value later, its code never reused.
    await page.getByTestId('customize-addValue-creditTier').click();
    const more = page.locator('.ant-modal:visible').last();
    await dialogSettled(page);
    await more.getByLabel('Value', { exact: true }).fill('3');
    await fillLabels(more, 'Value label', { en: 'Platinum', zh: '白金', es: 'Platino', ja: 'プラチナ' });
    await more.getByTestId('customize-value-apply').click();
    await page.getByLabel('Reason', { exact: true }).fill('Top customers');
    await page.getByTestId('customize-reason-ok').click();
    await expect
      .poll(
        async () =>
          (
            await fetch(`${url}/api/1.0/system/customizations`, {
              headers: { authorization: await httpApi(url).login('admin') },
            }).then((r) => r.json())
          ).data.overlay.organizations.fields[0].values.length,
      )
      .toBe(3);

    // The organizations screens take the field without a reload: list column and filter, form field.
    const paths = screenPaths(resourceByName('organizations')!);
    for (const [language, label] of Object.entries(TIER)) {
      if (language !== 'en') {
        await page.context().addCookies([{ name: 'language', value: language, url }]);
        await page.goto(`${url}${paths.list}`);
      } else await page.goto(`${url}${paths.list}`);
      await page.locator('.ant-table-thead th', { hasText: label }).first().waitFor();
      await page.goto(`${url}${paths.create}`);
      await page.getByText(label, { exact: true }).first().waitFor();
    }
    await shot(page, 'customize-form-ja');
    await page.context().addCookies([{ name: 'language', value: 'en', url }]);

    // A record made with the new field reads its value's label.
    const http = httpApi(url);
    const admin = await http.login('admin');
    const made = await http.ok<{ id: number }>('POST', '/organizations', admin, {
      organizationName: 'Gold customer',
      organizationCode: 'GOLD1',
      level: 2,
      creditTier: 1,
    });
    await page.goto(`${url}${paths.show.replace(':id', String(made.id))}`);
    await page.getByText(GOLD.en, { exact: true }).first().waitFor();
  });

  it('shows a state added to the inbounds workflow, on a page already open, as a step, its action as a button and a right in the role tree', async () => {
    const http = httpApi(url);
    const admin = await http.login('admin');
    const product = (await http.ok('GET', '/products?pageSize=1&sort=id', admin)).rows[0];
    const [sku] = (await http.ok('GET', `/products/skus?productId=${product.id}&pageSize=1`, admin)).rows;
    const [warehouse] = (await http.ok('GET', '/config/warehouses?pageSize=1', admin)).rows;
    const inbound = await http.inbound(admin, {
      organizationId: product.organizationId,
      warehouseId: warehouse.id,
      inboundType: 1,
      products: [{ skuId: sku.id, pieces: 3 }],
    });
    const inbounds = screenPaths(resourceByName('inbounds')!);
    await page.goto(`${url}${inbounds.show.replace(':id', String(inbound.id))}`);
    await page.getByTestId('workflow-steps').waitFor();
    // Added by an admin in another tab while the page is open: the live stream reshapes it, no reload.
    const other = await page.context().newPage();
    await other.goto(`${url}/system/customize`);
    await other.getByTestId('customize-resource-select').click();
    await other.keyboard.type('Inbound orders');
    await other
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Inbound orders$/ })
      .click();
    await other.getByTestId('customize-add-state').click();
    const dialog = other.locator('.ant-modal:visible').last();
    await dialogSettled(other);
    await dialog.getByLabel('Code', { exact: true }).fill('4');
    await dialog.getByLabel('Label (English)', { exact: true }).fill('On hold');
    const pick = async (label: string, option: string) => {
      await dialog.getByLabel(label, { exact: true }).first().click();
      await other.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
    };
    await pick('Shown after', 'Awaiting inbound');
    await other.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
    const into = dialog.locator('.ant-card', { hasText: 'Action leading into it' });
    await into.getByLabel('Action leading into it Action name', { exact: true }).fill('hold');
    await into.getByLabel('Button (English)', { exact: true }).fill('Hold');
    await pick('From states', 'Awaiting inbound');
    await dialog.locator('.ant-modal-title').click();
    await into.getByLabel('Confirmation asked (English)', { exact: true }).fill('Hold it?');
    await dialog.getByTestId('customize-state-apply').click();
    await other.getByLabel('Reason', { exact: true }).fill('Customs holds');
    await other.getByTestId('customize-reason-ok').click();
    await toastWith(other, 'The change is applied.').waitFor();
    await shot(other, 'customize-state-dialog');
    await other.close();
    await page.getByTestId('workflow-steps').getByText('On hold', { exact: true }).waitFor();
    await page.getByTestId('action-hold').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('workflow-status').locator('.ant-steps-item-process', { hasText: 'On hold' }).waitFor();
    await shot(page, 'customize-state-held');

    await page.goto(`${url}/permissions/roles`);
    await page.getByTestId('filter-q').fill('admin');
    await page.getByTestId('filter-submit').click();
    await tableRows(page, 'roles').first().locator('button').first().click();
    const panel = page.getByTestId('role-resources');
    await panel.getByPlaceholder('Search pages, buttons and rights').fill('inbounds.hold');
    await panel.locator('.ant-tree-treenode', { hasText: 'Hold · inventories.inbounds.hold' }).waitFor();
  });

  it("opens an added record type's page from a link or a reload, its organization named", async () => {
    const http = httpApi(url);
    const admin = await http.login('admin');
    await http.ok('POST', '/system/customizations', admin, {
      resource: 'palletChecks',
      reason: 'Pallet checks by customer',
      changes: [
        {
          op: 'addResource',
          labels: { en: 'Pallet checks', zh: '托盘检查', es: 'Controles de palés', ja: 'パレット点検' },
          organizationOwned: true,
          fields: [
            { name: 'note', type: 'text', labels: { en: 'Note', zh: '备注', es: 'Nota', ja: 'メモ' }, list: true },
          ],
        },
      ],
    });
    // A whole load of the app at the page's address: its route exists only once the customizations are heard.
    await page.goto(`${url}/custom/palletChecks`);
    const table = page.locator('[data-testid="palletChecks-table"]:visible');
    await table.waitFor();
    expect(new URL(page.url()).pathname).toBe('/custom/palletChecks');
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['Note', 'Organization', 'Actions']);
  });
});
