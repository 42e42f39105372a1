import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { shot, signedInSession, tableRows } from './support';

/** The audit trail under Permissions, and the API reference a client developer reads. */
describe('audit trail and API reference', () => {
  let page: Page;
  let url: string;
  signedInSession({ height: 900 }, (session) => ({ page, url } = session));

  let country: { id: number; nameEn: string };

  it('lists who changed a record, filtered by entity, in words: the resource, the action, the record by name', async () => {
    const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'Admin-Token')!.value);
    const api = (path: string, init: RequestInit = {}) =>
      page.evaluate(
        async ([u, p, t, i]) =>
          (
            await fetch(`${u}/api/1.0${p}`, {
              ...(i as RequestInit),
              headers: { authorization: t as string, 'content-type': 'application/json' },
            })
          ).json(),
        [url, path, token, init] as const,
      );
    country = (await api('/config/countries?code=CHN')).data.rows[0];
    const saved = await api(`/config/countries/${country.id}`, {
      method: 'PUT',
      body: JSON.stringify({ version: (country as { version?: number }).version, remark: 'audited in e2e' }),
    });
    expect(saved.code).toBe(20000);

    await page.goto(
      `${url}/permissions/audit?filters[0][field]=entity&filters[0][operator]=eq&filters[0][value]=countries`,
    );
    await tableRows(page, 'auditLogs').first().waitFor();
    const firstRow = tableRows(page, 'auditLogs').first();
    await expect.poll(() => firstRow.innerText()).toMatch(/Countries/);
    const link = firstRow.getByTestId('record-link');
    await expect.poll(() => link.innerText()).toBe(country.nameEn);
    await shot(page, 'audit-trail');
    const text = await firstRow.innerText();
    expect(text).toMatch(/\bEdit\b/);
    // Code names are gone: the entity and the action read as the screens name them.
    expect(text).not.toMatch(/\bcountries\b|\bedit\b/);

    // Before and after are long: the audit row's page shows what changed, field by field.
    await firstRow.locator('button').last().click();
    const changes = page.getByTestId('changes-table');
    await changes.filter({ hasText: 'audited in e2e' }).waitFor();
    const remark = changes.locator('tr', { hasText: 'Remark' });
    expect(await remark.innerText()).toContain('audited in e2e');
    expect(await changes.innerText()).not.toMatch(/[{}"]/);
    await shot(page, 'audit-entry');

    // The record's name leads to its own screen.
    const detailLink = page.getByTestId('auditLogs-detail').getByTestId('record-link');
    expect(await detailLink.getAttribute('href')).toBe(`/configuration/countries/${country.id}`);
    await detailLink.click();
    await page.getByTestId('countries-detail').waitFor();
  });

  it('exports before and after as the changed fields in words', async () => {
    await page.goto(
      `${url}/permissions/audit?filters[0][field]=entity&filters[0][operator]=eq&filters[0][value]=countries`,
    );
    await tableRows(page, 'auditLogs').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Entity', 'Record', 'Action', 'Before', 'After']));
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const edited = rows.find((r) => r.includes('Remark: audited in e2e'));
    expect(edited).toBeDefined();
    expect(edited).toEqual(expect.arrayContaining(['Countries', country.nameEn, 'Edit']));
  });

  it("opens a role's pages and buttons folded to the menu's groups, with a search", async () => {
    await page.goto(`${url}/permissions/roles`);
    await page.getByTestId('filter-q').fill('editor');
    await page.getByTestId('filter-submit').click();
    await expect.poll(() => tableRows(page, 'roles').count()).toBe(1);
    await tableRows(page, 'roles').first().locator('button').first().click();
    const panel = page.getByTestId('role-resources');
    // Not the hidden one antd keeps for measuring.
    const nodes = panel.locator('.ant-tree-treenode:not([aria-hidden="true"])');
    await nodes.first().waitFor();
    // Folded: the groups and top-level pages alone, each once.
    const shown = (await nodes.allInnerTexts()).map((n) => n.trim());
    expect(shown.length).toBeLessThan(20);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.some((n) => n.includes('inventories.outbounds'))).toBe(false);
    expect((await panel.boundingBox())!.height).toBeLessThan(1000);

    await panel.getByPlaceholder('Search pages, buttons and rights').fill('bills.pay');
    await expect.poll(() => nodes.count()).toBe(3);
    expect(await nodes.last().innerText()).toMatch(/^Mark paid · finance\.bills\.pay$/);
    await panel.getByPlaceholder('Search pages, buttons and rights').fill('Outbound orders');
    const outbounds = panel.locator('.ant-tree-treenode', { hasText: '· inventories.outbounds.confirm' });
    await outbounds.waitFor();
    expect(await panel.locator('.ant-tree-treenode', { hasText: /· inventories\.outbounds$/ }).count()).toBe(1);
    await shot(page, 'role-tree-search');
  });

  it('serves a readable API reference at /api/docs, from this server alone', async () => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(url)) outside.push(request.url());
    });
    await page.goto(`${url}/api/docs/`);
    // Swagger UI is a large script of its own: on a busy machine it takes a while to draw.
    await page.locator('.swagger-ui .opblock-tag').first().waitFor({ timeout: 80_000 });
    expect(await page.locator('.swagger-ui .opblock-tag').count()).toBeGreaterThan(10);
    await shot(page, 'api-docs');
    expect(outside).toEqual([]);
  }, 120_000);
});
