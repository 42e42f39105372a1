import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { announcedInbound, repackingExpense } from '../helpers/demo';
import { httpApi } from '../helpers/http-api';
import { dialogSettled, shot, signedInSession, tableRows, toastWith } from './support';

/**
 * Issue 30 in Chromium: the screens a declared state machine generates. An inbound's detail page
 * shows its step bar and its actions in the header, and confirming it says which record was
 * confirmed; a list row offers the same actions in its menu; an expense is voided through the
 * dialog generated from the action's input schema.
 */
describe('screens generated from a state machine', () => {
  let page: Page;
  let url: string;
  signedInSession({}, (session) => ({ page, url } = session));
  let token: string;
  let organizationId: number;
  let warehouseId: number;
  let skuId: number;

  const http = httpApi(() => url);
  /** The admin's calls. */
  const api = (method: string, path: string, body?: unknown) => http.ok(method, path, token, body);
  const inbound = (): Promise<{ id: number; orderNo: string }> =>
    api(
      'POST',
      '/inventory/inbounds',
      announcedInbound({
        organizationId,
        warehouseId,
        products: [{ skuId, pieces: 12, pallets: 1 }],
      }),
    );
  const steps = () => page.getByTestId('workflow-steps');

  beforeAll(async () => {
    token = await http.login('admin');
    warehouseId = (await api('GET', '/config/warehouses?shortName=LAX-ONT')).rows[0].id;
    const sku = (await api('GET', '/products/skus?sort=id&pageSize=1')).rows[0];
    skuId = sku.id;
    organizationId = sku.organizationId;
  });

  it('confirms an inbound from its page header, its step bar moving on and the message naming it', async () => {
    const doc = await inbound();
    await api('POST', `/inventory/inbounds/${doc.id}/submit`, {});
    await page.goto(`${url}/inventories/inbounds/${doc.id}`);
    await steps().locator('.ant-steps-item-process', { hasText: 'Awaiting inbound' }).waitFor();
    expect(await steps().locator('.ant-steps-item-title').allInnerTexts()).toEqual([
      'Draft',
      'Awaiting inbound',
      'Inbound done',
    ]);
    expect(await page.getByTestId('workflow-state').innerText()).toBe('Awaiting inbound');
    // The actions are the page header's buttons, the primary one first, none for what the state refuses.
    const header = page.locator('.ant-page-header-heading-extra');
    await header.getByTestId('action-confirm').waitFor();
    expect(await header.locator('[data-testid^="action-"]').allInnerTexts()).toEqual([
      'Confirm',
      'Withdraw',
      'Cancel order',
      'Save POD',
    ]);
    expect(await header.getByTestId('action-confirm').getAttribute('class')).toContain('ant-btn-primary');
    expect(await header.getByTestId('action-submit').count()).toBe(0);
    await shot(page, 'workflow-inbound-awaiting');

    await header.getByTestId('action-confirm').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialogSettled(page);
    await expect.poll(() => dialog.locator('.ant-picker input').inputValue()).not.toBe('');
    await dialog.locator('.ant-btn-primary').click();
    await toastWith(page, `${doc.orderNo} confirmed`).waitFor();
    await steps().locator('.ant-steps-item-finish', { hasText: 'Inbound done' }).waitFor();
    await expect.poll(() => page.getByTestId('workflow-state').innerText()).toBe('Inbound done');
    expect(await header.getByTestId('action-confirm').count()).toBe(0);
    await shot(page, 'workflow-inbound-done');
  });

  it("submits a draft from its list row's menu", async () => {
    const doc = await inbound();
    await page.goto(`${url}/inventories/inbounds`);
    const row = tableRows(page, 'inbounds').filter({ hasText: doc.orderNo });
    await row.getByTestId('row-actions-more').click();
    await page.locator('.ant-dropdown:visible').getByTestId('row-action-submit').click();
    await toastWith(page, `${doc.orderNo} submitted`).waitFor();
    await row.getByText('Awaiting inbound').waitFor();
    expect((await api('GET', `/inventory/inbounds/${doc.id}`)).status).toBe(3);
  });

  it('voids an expense through the dialog its input schema generates, refusing a blank reason on the field', async () => {
    const expense = await api(
      'POST',
      '/finance/expenses',
      repackingExpense({ organizationId, warehouseId, expenseDate: '2026-11-10' }),
    );
    await page.goto(`${url}/finance/expenses/${expense.id}`);
    await page.locator('.ant-page-header-heading-extra').getByTestId('action-void').click();
    const dialog = page.getByTestId('action-dialog');
    await dialogSettled(page);
    await dialog.getByTestId('action-dialog-ok').click();
    await dialog.locator('.ant-form-item-explain-error').waitFor();
    expect((await api('GET', `/finance/expenses/${expense.id}`)).status).toBe(expense.status);
    await dialog.locator('#root_reason').fill('Entered twice');
    await shot(page, 'workflow-expense-void');
    await dialog.getByTestId('action-dialog-ok').click();
    // A manual expense has no document number: it is named by its reason, as its page title names it.
    await toastWith(page, `${expense.reason} voided`).waitFor();
    await expect
      .poll(async () => (await api('GET', `/finance/expenses/${expense.id}`)).voidReason)
      .toBe('Entered twice');
    await page.getByTestId('expenses-detail').getByText('Entered twice').first().waitFor();
    expect(await page.getByTestId('workflow-state').innerText()).toBe('Void');
  });
});
