import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resources } from '../../resources';
import { screenPaths } from '../../src/domain/resource';
import { openBrowser } from '../helpers/browser';
import { chooseOption, shot, signedInSession, signIn, tableRows } from './support';

/** Issue 14 in Chromium at 1440 x 900: the columns people come for, names not ids, line tables, record names. */
describe('screens that show what people came for', () => {
  const session = signedInSession({ height: 900 });
  let page: Page;
  let url: string;
  const bareIds: string[] = [];
  beforeAll(async () => {
    page = session.page();
    url = session.url();
    // Every lookup cell ever put on screen is looked at when it is inserted, before it is painted.
    await page.exposeFunction('reportBareId', (text: string) => bareIds.push(text));
    await page.addInitScript(() => {
      const check = () => {
        for (const td of document.querySelectorAll('td[data-ref]'))
          if (/^\s*\d*\s*$/.test(td.textContent ?? '') && (td.textContent || location.pathname === '/configuration/ports'))
            // A port always has a country: there even an empty cell would be a name painted late.
            (window as unknown as { reportBareId: (t: string) => void }).reportBareId(`${location.pathname} ${td.getAttribute('data-ref')}=${td.textContent}`);
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.reload();
  });

  const declared = resources.filter((r) => r.columns && r.menu);

  it('keeps every declared priority column inside the table on screen, the first fixed on the left', async () => {
    expect(declared.length).toBeGreaterThan(8);
    for (const def of declared) {
      await page.goto(`${url}${screenPaths(def).list}`);
      const table = page.locator(`[data-testid="${def.name}-table"]:visible`);
      await table.locator('thead th').first().waitFor();
      const placed = await table.evaluate((el, count) => {
        const box = el.querySelector('.ant-table-container')!.getBoundingClientRect();
        const heads = [...el.querySelectorAll('thead th')].filter((th) => !th.classList.contains('ant-table-cell-scrollbar'));
        const actions = heads.at(-1)!.getBoundingClientRect();
        return {
          inside: heads.slice(0, count).map((th) => {
            const r = th.getBoundingClientRect();
            return r.left >= box.left - 1 && r.right <= actions.left + 1 && r.right <= window.innerWidth;
          }),
          firstFixed: heads[0].classList.contains('ant-table-cell-fix-left'),
          actionsFixed: heads.at(-1)!.classList.contains('ant-table-cell-fix-right'),
        };
      }, def.columns!.length);
      expect({ list: def.name, ...placed }).toEqual({ list: def.name, inside: def.columns!.map(() => true), firstFixed: true, actionsFixed: true });
    }
    await shot(page, 'designed-outbounds-list');
  }, 300_000);

  it('never paints a lookup cell with a bare id', async () => {
    for (const path of ['/configuration/ports', '/products/spus', '/products/skus', '/partners', '/configuration/warehouses', '/organizations']) {
      await page.goto(`${url}${path}`);
      await page.locator('td[data-ref]').first().waitFor();
    }
    expect(bareIds).toEqual([]);
  });

  it('fills an inbound plan through the line table with the keyboard', async () => {
    await page.goto(`${url}/inventories/addInbound`);
    await page.getByTestId('inbounds-form').waitFor();
    await page.getByTestId('form-section-dates').waitFor();
    await chooseOption(page, 'root_organizationId', 'Hengda', 'Hengda');
    await chooseOption(page, 'root_warehouseId', 'Rotterdam', 'Rotterdam');
    await page.getByRole('button', { name: 'Add a line' }).click();
    for (const [i, pieces] of [12, 30].entries()) {
      // The new line's SKU has the cursor: open its options, take the first, Tab to the figures.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`root_products_${i}_skuId`);
      await page.keyboard.press('ArrowDown');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.type(String(pieces));
      await page.keyboard.press('Tab');
      await page.keyboard.type('2');
      if (i === 0) await page.keyboard.press('Enter');
    }
    const total = page.getByTestId('lines-total');
    await expect.poll(() => total.innerText()).toMatch(/42\s+4/);
    await shot(page, 'designed-inbound-lines');
    await page.getByTestId('save-button').click();
    await page.waitForURL((u) => u.pathname === '/inventories/inbounds');
    const first = tableRows(page, 'inbounds').first();
    await expect.poll(() => first.innerText()).toMatch(/\b42\b/);
  });

  it('names the record in two detail tabs of one resource and in the page title', async () => {
    await page.goto(`${url}/organizations`);
    const rows = tableRows(page, 'organizations');
    await rows.nth(1).waitFor();
    const names = [(await rows.nth(0).locator('td').first().innerText()).trim(), (await rows.nth(1).locator('td').first().innerText()).trim()];
    for (const i of [0, 1]) {
      // Back through the list's tab: a reload would start the tabs afresh.
      if (i) await page.locator('[data-testid="tag"][data-path="/organizations"]').click();
      await rows.nth(i).getByTitle('Detail', { exact: true }).click();
      await expect.poll(() => page.getByTestId('page-title').filter({ visible: true }).innerText()).toBe(`Organization: ${names[i]}`);
    }
    const tabs = await page.locator('[data-testid="tag"]').allInnerTexts();
    expect(tabs.filter((t) => t.startsWith('Organization:')).map((t) => t.replace(/\s*\*?$/, '').trim())).toEqual(names.map((n) => `Organization: ${n}`));
    expect(await page.title()).toContain(`Organization: ${names[1]}`);
  });

  it('exports a list as typed cells under a frozen, filtered header', async () => {
    const read = async (path: string) => {
      await page.goto(`${url}${path}`);
      await tableRows(page, path === '/organizations' ? 'organizations' : 'countries').first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
      const file = join(mkdtempSync(join(tmpdir(), 'export-')), 'list.xlsx');
      await download.saveAs(file);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      return book.worksheets[0];
    };
    const countries = await read('/configuration/countries');
    const header = (countries.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Code', 'English name', 'Display order', 'Status']));
    const order = header.indexOf('Display order') + 1;
    expect(countries.rowCount).toBeGreaterThan(200);
    expect(typeof countries.getRow(2).getCell(order).value).toBe('number');
    expect(typeof countries.getRow(2).getCell(header.indexOf('Status') + 1).value).toBe('string');
    expect(countries.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(countries.autoFilter).toBeTruthy();
    expect(countries.getColumn(header.indexOf('English name') + 1).width).toBeGreaterThan(20);

    const organizations = await read('/organizations');
    const startDate = (organizations.getRow(1).values as unknown[]).indexOf('Start date');
    expect(startDate).toBeGreaterThan(0);
    const dates = organizations.getColumn(startDate).values.slice(2).filter((v) => v !== null && v !== undefined);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((v) => v instanceof Date)).toBe(true);
  });
});

describe('a list on a phone at 390 x 844', () => {
  it('shows the first row without scrolling, filters folded and a short breadcrumb', async () => {
    const { startApp } = await import('../helpers/app-server');
    const app = await startApp();
    const browser = await openBrowser({ width: 390, height: 844 });
    afterAll(async () => {
      await browser.close();
      await app.close();
    });
    const page = browser.page;
    await page.goto(`${app.url}/login`);
    await signIn(page);
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(`${app.url}/organizations`);
    const first = tableRows(page, 'organizations').first();
    await first.waitFor();
    const box = (await first.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByTestId('filters-toggle').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="breadcrumb"] li').count()).toBeLessThanOrEqual(2);
    await shot(page, 'designed-phone-organizations');
  });
});
