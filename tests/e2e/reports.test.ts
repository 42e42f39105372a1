import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { httpApi } from '../helpers/http-api';
import { shot, signedInSession, signIn } from './support';

/** An exported report's sheet, the row of its frozen header, and the title block above it. */
const exported = async (download: Download) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0];
  const headerRow = (sheet.views[0] as { ySplit: number }).ySplit;
  const block = sheet.getRows(1, headerRow - 2)!.map((r) => (r.values as unknown[]).slice(1));
  return { sheet, headerRow, block };
};

/** Issue 17 in Chromium: both dashboards draw their charts, a figure opens its list, the inventory report exports what it shows. */
describe('reports and dashboards', () => {
  let page: Page;
  let url: string;
  signedInSession({}, (session) => ({ page, url } = session));
  let sku: { id: number; title: string };

  const { ok: api, login, inbound } = httpApi(() => url);
  const today = new Date().toISOString().slice(0, 10);

  /** Stock moved today in two organizations (one the shipper's) and a shipment of the shipper's at sea. */
  beforeAll(async () => {
    const admin = await login('admin');
    const shipper = await login('shipper');
    const own = (await api('POST', '/system/users/getInfo', shipper)).organizationId;
    const warehouse = (await api('GET', '/config/warehouses?pageSize=1&sort=id', admin)).rows[0];
    const other = (await api('GET', `/organizations?pageSize=2&sort=id`, admin)).rows.find(
      (o: { id: number }) => o.id !== own,
    ).id;
    const move = async (organizationId: number, pieces: number, out: number) => {
      const item = (await api('GET', `/products/skus?organizationId=${organizationId}&pageSize=1&sort=id`, admin))
        .rows[0];
      const products = [{ skuId: item.id, pieces, pallets: 2 }];
      await inbound(admin, { organizationId, warehouseId: warehouse.id, inboundType: 1, products }, today);
      const outbound = await api('POST', '/inventory/outbounds', admin, {
        organizationId,
        warehouseId: warehouse.id,
        outboundType: 1,
        requestDate: today,
        products: [{ skuId: item.id, pieces: out, pallets: 0 }],
      });
      await api('POST', `/inventory/outbounds/${outbound.id}/submit`, admin);
      await api('POST', `/inventory/outbounds/${outbound.id}/confirm`, admin, { actualDate: today });
      return item;
    };
    sku = await move(own, 24, 4);
    await move(other, 50, 10);
    const countries = (await api('GET', '/config/countries?pageSize=2&sort=id', admin)).rows;
    await api('POST', '/shipments', admin, {
      organizationId: own,
      shipmentType: 1,
      originCountryId: countries[0].id,
      destinationCountryId: countries[1].id,
      blNo: 'COSU6312345670',
      etd: today,
      eta: today,
      atd: today,
    });
  });
  /** A chart drawn with data: its frame counts points and the chart library put its canvas in. */
  const chartDrawn = async (testId: string) => {
    const chart = page.locator(`[data-testid="${testId}"]:visible`);
    await chart.locator('canvas').first().waitFor();
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
  };

  it('shows the staff dashboard charts, and a warehouse opens its inventory list filtered to it', async () => {
    await page.goto(`${url}/dashboard`);
    await chartDrawn('chart-movements');
    await chartDrawn('chart-warehouses');
    await shot(page, 'reports-staff-dashboard');
    const first = page.locator('[data-testid="stock-by-warehouse"]:visible tbody tr.ant-table-row a').first();
    const warehouse = (await first.innerText()).trim();
    await first.click();
    await page.waitForURL((u) => u.pathname === '/inventories/products');
    expect(decodeURIComponent(page.url())).toMatch(/filters\[0\]\[field\]=warehouseId/);
    const rows = page.locator('[data-testid="inventory-table"]:visible tbody tr.ant-table-row');
    await rows.first().waitFor();
    const shown = await rows.allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const row of shown) expect(row).toContain(warehouse);
  });

  it('exports the inventory report to Excel with the rows on screen, numbers as number cells', async () => {
    await page.goto(`${url}/reports/inventory?groupBy=sku`);
    const table = page.locator('[data-testid="report-table"]:visible');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await chartDrawn('chart-ageing');
    await shot(page, 'reports-inventory');
    const screen = await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
      );
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    // Named by the report and its period, which the title block repeats above the frozen header.
    expect(download.suggestedFilename()).toMatch(/^Inventory report \d{8}-\d{8}\.xlsx$/);
    const { sheet, headerRow, block } = await exported(download);
    expect(block[0]).toEqual(['Inventory report']);
    expect(block).toContainEqual(['Organization', 'All organizations']);
    expect(block).toContainEqual(['Grouped', 'By SKU']);
    expect(block.find((line) => line[0] === 'Period')?.[1]).toMatch(/^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/);
    expect(sheet.autoFilter).toMatch(new RegExp(`^A${headerRow}:`));
    const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1);
    expect(headers).toEqual(
      await table.locator('thead th').evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').trim())),
    );
    const valueColumn = headers.indexOf('Stock value');
    const file = sheet.getRows(headerRow + 1, sheet.rowCount - headerRow)!.map((r) => (r.values as unknown[]).slice(1));
    expect(file.slice(0, screen.length).length).toBe(screen.length);
    // The totals follow the rows, one per currency, in bold.
    expect(file.at(-1)![0]).toMatch(/^Total \(/);
    expect(sheet.getRow(sheet.rowCount).font?.bold).toBe(true);
    screen.forEach((cells, i) => {
      cells.forEach((text, c) => {
        const cell = file[i][c];
        if (typeof cell === 'number') {
          // The screen shows the value with its currency; the file keeps the number for sums.
          expect(c === valueColumn ? Number(text.split(' ')[0]) : Number(text)).toBe(cell);
        } else expect(text).toBe(String(cell ?? ''));
      });
    });
    expect(typeof file[0][valueColumn]).toBe('number');
  });

  it('keeps the shipment report filters in the URL and draws its chart', async () => {
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${url}/reports/shipment?groupBy=type&from=${weekAgo}&to=${today}`);
    await chartDrawn('chart-shipments');
    await page.locator('[data-testid="report-table"]:visible tbody tr.ant-table-row').first().waitFor();
    await page.getByText('By month').click();
    await page.waitForURL((u) => u.searchParams.get('groupBy') === 'month' && u.searchParams.get('from') === weekAgo);
    await page
      .locator('[data-testid="report-table"]:visible tbody tr.ant-table-row', { hasText: today.slice(0, 7) })
      .waitFor();
    await shot(page, 'reports-shipment');
  });

  it('draws the shipment report by customer as bars beside whole names, and exports it with its title block', async () => {
    await page.goto(`${url}/reports/shipment?groupBy=customer`);
    await chartDrawn('chart-shipments');
    const chart = page.locator('[data-testid="chart-shipments"]:visible');
    // Bars across: the plot keeps the card's width, and grows with the customers listed.
    const card = await page.getByTestId('report-shipment').boundingBox();
    const canvas = await chart.locator('canvas').first().boundingBox();
    expect(canvas!.width).toBeGreaterThan(card!.width * 0.8);
    await shot(page, 'reports-shipment-by-customer');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    const from = new URL(page.url()).searchParams.get('from') ?? '';
    expect(download.suggestedFilename()).toMatch(/^Shipment report \d{8}-\d{8}\.xlsx$/);
    const { sheet, headerRow, block } = await exported(download);
    expect(block[0]).toEqual(['Shipment report']);
    expect(block).toContainEqual(['Grouped', 'By organization']);
    expect(from === '' || String(block.find((line) => line[0] === 'Period')?.[1]).startsWith(from)).toBe(true);
    expect((sheet.getRow(headerRow).values as unknown[]).slice(1)[0]).toBe('Group');
    const last = (sheet.getRow(sheet.rowCount).values as unknown[]).slice(1);
    expect(last[0]).toBe('Total');
    expect(last[1]).toBeGreaterThan(0);
  });

  it("shows the cargo owner's dashboard charts of their own stock", async () => {
    await page.context().clearCookies();
    await page.goto(`${url}/login`);
    await signIn(page, 'shipper', 'shipper123');
    await page.waitForURL((u) => u.pathname === '/cargo/dashboard');
    await chartDrawn('chart-movements');
    await chartDrawn('chart-warehouses');
    await page.locator('[data-testid="my-stock"]:visible tbody tr.ant-table-row', { hasText: sku.title }).waitFor();
    await page
      .locator('[data-testid="in-transit"]:visible tbody tr.ant-table-row', { hasText: 'COSU6312345670' })
      .waitFor();
    await shot(page, 'reports-cargo-dashboard');
  });
});
