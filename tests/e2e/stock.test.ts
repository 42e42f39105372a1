import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { localDay } from '../../src/domain/time-zone';
import { chooseOption, dialogSettled, shot, signedInSession, tableRows } from './support';

/** Issue 6 in Chromium: inbound plan -> submit -> confirm -> stock, and an outbound over two lots. */
describe('warehouse stock workflows', () => {
  let page: Page;
  let url: string;
  signedInSession({}, (session) => ({ page, url } = session));

  const choose = (id: string, search: string, option: string | RegExp) => chooseOption(page, id, search, option);

  /** `available`: what the line table shows beside the chosen SKU (an outbound's stock). */
  const planDocument = async (
    path: string,
    form: string,
    lines: { pieces: number; sku: RegExp; available?: string }[],
    extra: () => Promise<void> = async () => undefined,
  ) => {
    await page.goto(`${url}${path}`);
    await page.getByTestId(form).waitFor();
    await choose('root_organizationId', 'Hengda', 'Hengda');
    await choose('root_warehouseId', 'Rotterdam', 'Rotterdam');
    await extra();
    for (const [i, line] of lines.entries()) {
      await page.locator('#root_lines__add').click();
      await page.locator(`#root_lines_${i}_skuId`).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: line.sku }).first().click();
      if (line.available)
        await expect.poll(() => page.getByTestId('line-available').nth(i).innerText()).toBe(line.available);
      await page.locator(`#root_lines_${i}_pieces`).fill(String(line.pieces));
    }
    await page.getByTestId('save-button').click();
  };

  const openFirst = async (resource: string, listPath: string) => {
    await page.waitForURL((u) => u.pathname === listPath);
    await tableRows(page, resource).first().waitFor();
    await tableRows(page, resource).first().locator('button').first().click();
    await page.getByTestId('workflow-steps').waitFor();
  };

  /** The dialog offers today at the warehouse, in Rotterdam's zone; cleared, it asks for a date (SPEC 4). */
  const confirmWith = async (date: string, prompt: string) => {
    await page.getByTestId('action-confirm').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText(prompt).waitFor();
    await dialogSettled(page);
    await expect
      .poll(() => dialog.locator('.ant-picker input').inputValue())
      .toBe(localDay(new Date(), 'Europe/Amsterdam'));
    await dialog.locator('.ant-picker').hover();
    await dialog.locator('.ant-picker-clear').click();
    await dialog.locator('.ant-btn-primary').click();
    await dialog.locator('.ant-form-item-explain-error').waitFor();
    const message = await dialog.locator('.ant-form-item-explain-error').innerText();
    await page.getByTestId('confirm-date').click();
    await page.keyboard.type(date);
    await page.keyboard.press('Enter');
    await dialog.locator('.ant-btn-primary').click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
    return message;
  };

  it('plans an inbound with two lines, submits and confirms it, and the stock and change logs show', async () => {
    await planDocument('/inventories/addInbound', 'inbounds-form', [
      { sku: /20 pcs/, pieces: 40 },
      { sku: /50 pcs/, pieces: 10 },
    ]);
    await openFirst('inbounds', '/inventories/inbounds');
    await page.getByTestId('action-submit').click();
    await page.getByTestId('action-confirm').waitFor();
    expect(await confirmWith('2026-11-02', 'Are you confirm inbound?')).toBe('Please select the inbound date.');
    await page.getByTestId('inbounds-detail').getByText('Inbound done').waitFor();
    await shot(page, 'inbound-done');
    // Saving the POD without a file says so; the one uploaded shows under the name it was sent with.
    await page.getByTestId('action-pod').click();
    const pod = page.getByTestId('action-dialog');
    await dialogSettled(page);
    await pod.getByTestId('action-dialog-ok').click();
    await pod.getByText('Please upload the pod file.').waitFor();
    await pod.locator('input[type=file]').setInputFiles({
      name: 'delivery-note.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await pod.getByTestId('file-link').getByText('delivery-note.pdf', { exact: true }).waitFor();
    await pod.getByTestId('action-dialog-ok').click();
    await page
      .getByTestId('inbounds-detail')
      .getByTestId('file-link')
      .getByText('delivery-note.pdf', { exact: true })
      .waitFor();
    // Its timeline tells each step in order: the states it moved between and the date the confirm was given.
    await page.getByTestId('relation-tabs').getByRole('tab', { name: 'Timeline' }).click();
    const steps = page.getByTestId('record-timeline').getByTestId('timeline-step');
    await expect.poll(() => steps.count()).toBe(4);
    const texts = await steps.allInnerTexts();
    expect(texts[1]).toContain('Submit · Draft → Awaiting inbound');
    expect(texts[2]).toContain('Confirm · Awaiting inbound → Inbound done');
    expect(texts[2]).toContain('Inbound date: 2026-11-02');
    expect(texts[3]).toContain('delivery-note.pdf');
    await shot(page, 'inbound-timeline');

    await page.goto(`${url}/inventories/products`);
    await tableRows(page, 'inventory').first().waitFor();
    const pieces = await tableRows(page, 'inventory').allInnerTexts();
    expect(pieces.join('\n')).toMatch(/40/);
    await page.goto(`${url}/inventories/changeLoglist`);
    await shot(page, 'change-logs');
    await expect.poll(() => tableRows(page, 'changeLogs').count(), { timeout: 15_000 }).toBe(2);
    expect((await tableRows(page, 'changeLogs').allInnerTexts()).join('\n')).toContain('Shipment inbound');
    // Each change shows when it happened.
    const headers = await page.locator('[data-testid="changeLogs-table"]:visible thead th').allInnerTexts();
    const time = headers.indexOf('Time');
    expect(time).toBeGreaterThan(0);
    const times = await tableRows(page, 'changeLogs')
      .locator(`td:nth-child(${time + 1})`)
      .allInnerTexts();
    for (const cell of times) expect(cell).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('confirms an outbound that takes from two lots, first in first out', async () => {
    // A second lot of the first SKU, received later.
    await planDocument('/inventories/addInbound', 'inbounds-form', [{ sku: /20 pcs/, pieces: 5 }]);
    await openFirst('inbounds', '/inventories/inbounds');
    await page.getByTestId('action-submit').click();
    await confirmWith('2026-11-10', 'Are you confirm inbound?');

    // Two lots of the SKU: 40 and 5 pieces.
    await planDocument(
      '/inventories/addOutbound',
      'outbounds-form',
      [{ sku: /20 pcs/, pieces: 42, available: '45' }],
      async () => {
        await page.locator('#root_requestDate').click();
        await page.keyboard.type('2026-11-20');
        await page.keyboard.press('Enter');
      },
    );
    await openFirst('outbounds', '/inventories/outbounds');
    await page.getByTestId('action-submit').click();
    expect(await confirmWith('2026-11-20', 'Are you confirm outbound?')).toBe(
      'Please select the actual outbound date.',
    );
    await page.getByTestId('outbounds-detail').getByText('Outbound done').waitFor();
    await page.getByRole('tab', { name: 'Lots taken' }).click();
    await expect.poll(() => tableRows(page, 'outboundTakes').count(), { timeout: 15_000 }).toBe(2);
    const takes = (await tableRows(page, 'outboundTakes').allInnerTexts()).join('\n');
    expect(takes).toContain('2026-11-02');
    expect(takes).toContain('2026-11-10');
    await shot(page, 'outbound-takes');
  });

  it('prints a count sheet where counted quantities show their difference, changing no stock', async () => {
    await page.goto(`${url}/inventories/checkInventory`);
    await page.getByTestId('check-inventory').waitFor();
    await page.locator('#check-warehouse').click();
    await page.keyboard.type('Rotterdam');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Rotterdam' })
      .first()
      .click();
    const rows = page.locator('[data-testid="check-inventory"] tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const books = Number((await rows.first().locator('td').nth(5).innerText()).trim());
    await rows
      .first()
      .locator('input')
      .fill(String(books - 2));
    await expect.poll(() => rows.first().locator('td').nth(7).innerText()).toBe('-2');
    expect(await page.locator('[data-testid="check-inventory"] .ant-table-summary td').nth(4).innerText()).toBe('-2');
    await shot(page, 'check-inventory');
  });
});
