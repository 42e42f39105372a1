import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resources } from '../../resources';
import { screenPaths } from '../../src/domain/resource';
import { openBrowser } from '../helpers/browser';
import { chooseOption, navigateInApp, shot, signedInSession, signIn, tableRows } from './support';

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
          if (
            /^\s*\d*\s*$/.test(td.textContent ?? '') &&
            (td.textContent || td.closest('[data-page="/configuration/ports"]'))
          )
            // A port always has a country: there even an empty cell would be a name painted late.
            (window as unknown as { reportBareId: (t: string) => void }).reportBareId(
              `${location.pathname} ${td.getAttribute('data-ref')}=${td.textContent}`,
            );
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.reload();
  });

  const lists = resources.filter((r) => r.menu);
  const setCookie = (name: string, value: string) => page.context().addCookies([{ name, value, url }]);

  it('keeps every declared priority column inside the table on screen, the first fixed on the left, no header word broken', async () => {
    expect(lists.length).toBeGreaterThan(20);
    const found: object[] = [];
    const wanted: object[] = [];
    for (const lang of ['en', 'zh']) {
      await setCookie('language', lang);
      await page.goto(`${url}/dashboard`);
      for (const def of lists) {
        await navigateInApp(page, screenPaths(def).list);
        const table = page.locator(`[data-testid="${def.name}-table"]:visible`);
        await table.locator('thead th').first().waitFor();
        const placed = await table.evaluate((el, count) => {
          const box = el.querySelector('.ant-table-container')!.getBoundingClientRect();
          const heads = [...el.querySelectorAll('thead th')].filter(
            (th) => !th.classList.contains('ant-table-cell-scrollbar'),
          );
          const actions = heads.at(-1)!.getBoundingClientRect();
          return {
            inside: heads.slice(0, count).map((th) => {
              const r = th.getBoundingClientRect();
              return r.left >= box.left - 1 && r.right <= actions.left + 1 && r.right <= window.innerWidth;
            }),
            firstFixed: heads[0].classList.contains('ant-table-cell-fix-left'),
            actionsFixed: heads.at(-1)!.classList.contains('ant-table-cell-fix-right'),
            // A label wraps between its words (a Chinese one also before a bracket), never inside one
            // ("Quantit / y"), and no word sticks out of its place beside the sort arrows.
            brokenHeaders: heads.flatMap((th) => {
              const title = th.querySelector('.ant-table-column-title') ?? th;
              const right =
                title.getBoundingClientRect().right -
                (title === th ? parseFloat(getComputedStyle(th).paddingRight) : 0);
              const text = [...title.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()) as
                Text | undefined;
              if (!text) return [`no label in ${th.outerHTML.slice(0, 80)}`];
              const broken = [...text.data.matchAll(/[（(]?[^\s（(]+/g)].some((word) => {
                const range = document.createRange();
                range.setStart(text, word.index);
                range.setEnd(text, word.index + word[0].length);
                const lines = [...range.getClientRects()];
                return lines.length > 1 || lines.some((line) => line.right > right + 1);
              });
              return broken ? [text.data] : [];
            }),
          };
        }, def.columns!.length);
        found.push({ list: def.name, lang, ...placed });
        wanted.push({
          list: def.name,
          lang,
          inside: def.columns!.map(() => true),
          firstFixed: true,
          actionsFixed: true,
          brokenHeaders: [],
        });
        if (['inventory', 'outbounds', 'shipments', 'changeLogs'].includes(def.name))
          await shot(page, `designed-${def.name}-1440-${lang}`);
      }
    }
    await setCookie('language', 'en');
    expect(found).toEqual(wanted);
  }, 300_000);

  it('never paints a lookup cell with a bare id', async () => {
    for (const path of [
      '/configuration/ports',
      '/products/spus',
      '/products/skus',
      '/partners',
      '/configuration/warehouses',
      '/organizations',
    ]) {
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
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`root_lines_${i}_skuId`);
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

  it('cuts a long form into sections of two columns with Save always in view, and says what a field expects', async () => {
    await page.goto(`${url}/shipments/addShipment`);
    const form = page.getByTestId('shipments-form');
    await form.waitFor();
    expect(await form.locator('[data-testid^="form-section-"]').count()).toBeGreaterThanOrEqual(4);
    const [etd, eta] = [
      (await page.locator('#root_etd').boundingBox())!,
      (await page.locator('#root_eta').boundingBox())!,
    ];
    expect(Math.abs(etd.y - eta.y)).toBeLessThan(2);
    expect(eta.x).toBeGreaterThan(etd.x + etd.width);
    const save = page.getByTestId('save-button');
    const inView = async () => {
      const box = (await save.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 900;
    };
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1400);
    expect(await inView()).toBe(true);
    await page.locator('#root_blNo').fill('COSU 123');
    await page.locator('#root_remarks').scrollIntoViewIfNeeded();
    expect(await inView()).toBe(true);
    expect(await page.getByTestId('cancel-button').isVisible()).toBe(true);
    await save.click();
    await form.getByText('Please input letters, digits and - only.').waitFor();
    await shot(page, 'designed-shipment-form');
    await page.locator('#root_blNo').fill('COSU'.repeat(11));
    await save.click();
    await form.getByText('Please input at most 40 characters.').waitFor();
  });

  it('names the record in two detail tabs of one resource and in the page title', async () => {
    await page.goto(`${url}/organizations`);
    const rows = tableRows(page, 'organizations');
    await rows.nth(1).waitFor();
    const names = [
      (await rows.nth(0).locator('td').first().innerText()).trim(),
      (await rows.nth(1).locator('td').first().innerText()).trim(),
    ];
    for (const i of [0, 1]) {
      // Back through the list's tab: a reload would start the tabs afresh.
      if (i) await page.locator('[data-testid="tag"][data-path="/organizations"]').click();
      await rows.nth(i).getByTitle('Detail', { exact: true }).click();
      await expect
        .poll(() => page.getByTestId('page-title').filter({ visible: true }).innerText())
        .toBe(`Organization: ${names[i]}`);
    }
    const tabs = await page.locator('[data-testid="tag"]').allInnerTexts();
    expect(tabs.filter((t) => t.startsWith('Organization:')).map((t) => t.replace(/\s*\*?$/, '').trim())).toEqual(
      names.map((n) => `Organization: ${n}`),
    );
    expect(await page.title()).toContain(`Organization: ${names[1]}`);
  });

  it('scrolls the active tab into view among more tabs than fit', async () => {
    await page.goto(`${url}/dashboard`);
    await page.getByTestId('tags-view').waitFor();
    // Client-side navigation, as the menu does: a reload would start the tabs afresh.
    const open = async (path: string) => {
      await navigateInApp(page, path);
      await page.locator(`[data-testid="tag"][data-active="true"][data-path="${path}"]`).waitFor();
    };
    const activeInView = () =>
      page.evaluate(() => {
        const bar = document.querySelector('[data-testid="tags-view"]')!.getBoundingClientRect();
        const tab = document.querySelector('[data-testid="tag"][data-active="true"]')!.getBoundingClientRect();
        return tab.left >= bar.left - 1 && tab.right <= bar.right + 1;
      });
    for (const def of lists) await open(screenPaths(def).list);
    expect(await page.getByTestId('tags-view').evaluate((bar) => bar.scrollWidth > bar.clientWidth)).toBe(true);
    await expect.poll(activeInView).toBe(true);
    await open(screenPaths(lists[0]).list);
    await expect.poll(activeInView).toBe(true);
    await shot(page, 'designed-many-tabs');
  });

  it('makes rows denser at every step of the size menu', async () => {
    const heights: number[] = [];
    for (const size of ['default', 'medium', 'small', 'mini']) {
      await setCookie('size', size);
      await page.goto(`${url}/configuration/countries`);
      const row = tableRows(page, 'countries').first();
      await row.waitFor();
      heights.push((await row.boundingBox())!.height);
    }
    await setCookie('size', 'medium');
    for (const [i, height] of heights.slice(1).entries()) expect(height, `${heights}`).toBeLessThan(heights[i] - 4);
  });

  it('exports a list as typed cells under a frozen, filtered header with translated names', async () => {
    const read = async (path: string, resource: string) => {
      await page.goto(`${url}${path}`);
      await tableRows(page, resource).first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
      const file = join(mkdtempSync(join(tmpdir(), 'export-')), 'list.xlsx');
      await download.saveAs(file);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      return book.worksheets[0];
    };
    const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);
    const countries = await read('/configuration/countries', 'countries');
    const header = headerOf(countries);
    expect(header).toEqual(expect.arrayContaining(['Code', 'English name', 'Display order', 'Status']));
    const order = header.indexOf('Display order') + 1;
    expect(countries.rowCount).toBeGreaterThan(200);
    expect(typeof countries.getRow(2).getCell(order).value).toBe('number');
    expect(typeof countries.getRow(2).getCell(header.indexOf('Status') + 1).value).toBe('string');
    expect(countries.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(countries.autoFilter).toBeTruthy();
    expect(countries.getColumn(header.indexOf('English name') + 1).width).toBeGreaterThan(20);

    const organizations = await read('/organizations', 'organizations');
    const startDate = (organizations.getRow(1).values as unknown[]).indexOf('Start date');
    expect(startDate).toBeGreaterThan(0);
    const dates = organizations
      .getColumn(startDate)
      .values.slice(2)
      .filter((v) => v !== null && v !== undefined);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((v) => v instanceof Date)).toBe(true);

    // An amount is a number Excel can sum, shown with its currency by the cell's format.
    const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'Admin-Token')!.value);
    const get = async (path: string) =>
      (
        (await (await page.request.get(`${url}/api/1.0${path}`, { headers: { authorization: token } })).json()) as {
          data: { rows: { id: number }[] };
        }
      ).data.rows[0].id;
    const expense = {
      organizationId: await get('/organizations?q=Hengda'),
      warehouseId: await get('/config/warehouses?shortName=RTM-BT'),
      subType: 302,
      unit: 3,
      quantity: 3,
      unitPrice: 2.5,
      currency: 2,
      expenseDate: '2026-11-02',
      reason: 'Re-packing',
    };
    const created = await page.request.post(`${url}/api/1.0/finance/expenses`, {
      headers: { authorization: token },
      data: expense,
    });
    expect(((await created.json()) as { code: number }).code).toBe(20000);
    const expenses = await read('/finance/expenses', 'expenses');
    const amount = headerOf(expenses).indexOf('Amount') + 1;
    expect(amount).toBeGreaterThan(0);
    expect(expenses.getRow(2).getCell(amount).value).toBe(7.5);
    expect(expenses.getRow(2).getCell(amount).numFmt).toContain('USD');

    await setCookie('language', 'zh');
    expect(headerOf(await read('/configuration/countries', 'countries'))).toEqual(
      expect.arrayContaining(['代码', '英文名称', '状态']),
    );
    await setCookie('language', 'en');
  });

  it('remembers the columns and widths each user chose, and shows a scrollbar when they are wider than the screen', async () => {
    const table = page.getByTestId('organizations-table');
    const firstWidth = async () => (await table.locator('thead th').first().boundingBox())!.width;
    const open = async () => {
      await page.goto(`${url}/organizations`);
      await tableRows(page, 'organizations').first().waitFor();
    };
    await open();
    const initial = await firstWidth();
    await page.getByTestId('column-picker-button').click();
    const unticked = page
      .getByTestId('column-picker')
      .locator('.ant-checkbox-wrapper:not(.ant-checkbox-wrapper-checked)');
    while (await unticked.count()) await unticked.first().click();
    await page.keyboard.press('Escape');
    await table.locator('thead').getByText('Website').waitFor();
    // Wider than the screen, no column is stretched: this is the declared width.
    const before = await firstWidth();
    // Twenty rows reach below the screen: the scrollbar waits at its bottom edge.
    const bar = page.locator('[data-testid="organizations-table"] .ant-table-sticky-scroll');
    await bar.waitFor();
    const box = (await bar.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(10);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect((await bar.locator('.ant-table-sticky-scroll-bar').boundingBox())!.width).toBeLessThan(box.width);
    await shot(page, 'designed-wide-organizations');

    const handle = (await table.locator('[data-testid="resize-organizationName"]').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 80, handle.y + handle.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(firstWidth).toBeGreaterThan(before + 70);
    await open();
    expect(await table.locator('thead').getByText('Website').count()).toBe(1);
    expect(await firstWidth()).toBeGreaterThan(before + 70);

    // Another user of the same browser starts from the declaration's columns.
    await page.context().clearCookies();
    await page.goto(`${url}/login`);
    await signIn(page, 'editor', 'editor123');
    await page.waitForURL((u) => u.pathname !== '/login');
    await open();
    expect(await table.locator('thead').getByText('Website').count()).toBe(0);
    expect(Math.abs((await firstWidth()) - initial)).toBeLessThanOrEqual(1);
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
    expect(await first.locator('td').first().getAttribute('class')).toContain('ant-table-cell-fix-left');
    const body = page.locator('[data-testid="organizations-table"] .ant-table-body');
    expect(await body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await body.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    // Scrolled to its end, the name still leads the row.
    expect((await first.locator('td').first().boundingBox())!.x).toBeGreaterThanOrEqual(0);
    expect(await first.locator('td').first().isVisible()).toBe(true);
    await shot(page, 'designed-phone-organizations');
  });
});
