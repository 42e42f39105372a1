import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { openBrowser } from '../helpers/browser';
import { httpApi } from '../helpers/http-api';
import { shot, signedInSession, signIn } from './support';

/**
 * Issue 43 in Chromium: a cargo owner watches this month's charges form. The dashboard's card moves
 * without a reload when staff confirm an outbound of their stock; the month's page shows the
 * charges by fee and per SKU, writes them to Excel, and opens the storage's lot-days. Staff find
 * the organization's month in the review of every organization's and follow it to its documents.
 * Figures are the API's, for whatever day the suite runs on.
 */
const session = signedInSession({ username: 'shipper', password: 'shipper123' });
const { ok: api, login, inbound } = httpApi(() => session.url());

/** Storage at 1.50 a pallet a day, 5.00 a pallet to unload, 30.00 an outbound order to load. */
const LINES = [
  { feeType: 1, subType: 101, unit: 1, segmentType: 1, segments: [{ from: 1, unitPrice: 1.5 }] },
  { feeType: 2, subType: 201, unit: 3, segmentType: 2, segments: [{ from: 1, unitPrice: 5 }] },
  { feeType: 3, subType: 202, unit: 4, segmentType: 2, segments: [{ from: 1, unitPrice: 30 }] },
];

const usd = (total: number) => `${total.toFixed(2)} USD`;

describe("a cargo owner's month so far and expected", () => {
  let accrualsPath = '';
  let place = '';
  let admin = '';
  let month = '';
  let staffBrowser: Awaited<ReturnType<typeof openBrowser>> | undefined;
  afterAll(() => staffBrowser?.close());

  it('moves on the dashboard when staff confirm an outbound of their stock', async () => {
    const page = session.page();
    admin = await login('admin');
    const organizationId = (await api('POST', '/system/users/getInfo', await login('shipper'))).organizationId;
    const warehouseId = (await api('GET', '/config/warehouses?shortName=LAX-ONT', admin)).rows[0].id;
    const skuId = (await api('GET', `/products/skus?organizationId=${organizationId}&sort=id&pageSize=1`, admin))
      .rows[0].id;
    await api('POST', '/finance/feeModels', admin, {
      name: 'E2E month to date',
      warehouseId,
      currency: 2,
      validFrom: '2020-01-01',
      lines: LINES,
    });
    place = `organizationId=${organizationId}&warehouseId=${warehouseId}`;
    accrualsPath = `/finance/accruals?${place}`;
    const accruals = () => api('GET', accrualsPath, admin);
    // The warehouse's own today and month, whatever the machine's clock says.
    const { today } = await accruals();
    month = today.slice(0, 7);
    const products = [{ skuId, pieces: 100, pallets: 10 }];
    await inbound(admin, { organizationId, warehouseId, inboundType: 1, products }, `${month}-01`);
    const before = await accruals();
    expect(before.toDate.total).toBeGreaterThan(0);

    await page.goto(`${session.url()}/cargo/dashboard`);
    const tile = page.getByTestId('accruals-card').getByTestId('accruals-tile');
    const soFar = tile.getByTestId('tile-to-date').locator('.ant-statistic-content-value');
    const expected = tile.getByTestId('tile-forecast').locator('.ant-statistic-content-value');
    await expect.poll(() => soFar.innerText(), { timeout: 15_000 }).toBe(usd(before.toDate.total));
    expect(await expected.innerText()).toBe(usd(before.forecast.total));
    await shot(page, 'accruals-card');

    // Staff ship part of the stock today: the loading charge comes on at once.
    const outbound = await api('POST', '/inventory/outbounds', admin, {
      organizationId,
      warehouseId,
      outboundType: 1,
      requestDate: today,
      notifier: 'E2E',
      products: [{ skuId, pieces: 40 }],
    });
    await api('POST', `/inventory/outbounds/${outbound.id}/submit`, admin, {});
    await api('POST', `/inventory/outbounds/${outbound.id}/confirm`, admin, { actualDate: today });
    const after = await accruals();
    expect(after.toDate.total).toBe(before.toDate.total + 30);
    await expect.poll(() => soFar.innerText(), { timeout: 15_000 }).toBe(usd(after.toDate.total));
    await expect.poll(() => expected.innerText()).toBe(usd(after.forecast.total));
  });

  it('opens the breakdown by fee from the card and writes it to Excel', async () => {
    const page = session.page();
    const answer = await api('GET', accrualsPath, admin);
    await page.getByTestId('accruals-card').getByTestId('accruals-tile').click();
    await page.waitForURL((u) => u.pathname === '/finance/accruals');
    const rows = page.locator('[data-testid="accrual-lines"]:visible tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(answer.lines.length);
    // After the cell of the storage line's expand button.
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^\s*Storage\s+Daily storage\s+/),
      expect.stringMatching(/^\s*Inbound\s+Unloading\s+50\.00 USD\s+50\.00 USD$/),
      expect.stringMatching(/^\s*Outbound\s+Pallet loading\s+30\.00 USD\s+30\.00 USD$/),
    ]);
    const soFar = page.getByTestId('accruals-to-date').locator('.ant-statistic-content-value');
    expect(await soFar.innerText()).toBe(usd(answer.toDate.total));
    await shot(page, 'accruals-page');

    const download = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    expect((await download).suggestedFilename()).toBe(`Month to date ${month}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await (await download).path())!);
    const sheet = book.worksheets[0];
    const headerRow = (sheet.views[0] as { ySplit: number }).ySplit;
    expect((sheet.getRow(headerRow).values as unknown[]).slice(1)).toEqual([
      'Fee type',
      'Sub type',
      'So far',
      'Expected by month end',
    ]);
    const lines = sheet.getRows(headerRow + 1, answer.lines.length)!.map((r) => (r.values as unknown[]).slice(1));
    expect(lines).toEqual(
      answer.lines.map((l: { toDate: number; forecast: number }) => [
        expect.any(String),
        expect.any(String),
        l.toDate,
        l.forecast,
      ]),
    );
    const totals = sheet.getRow(sheet.rowCount);
    expect([totals.getCell(1).value, totals.getCell(3).value, totals.getCell(4).value]).toEqual([
      'Total',
      answer.toDate.total,
      answer.forecast.total,
    ]);
    // The storage per SKU on a second sheet, under the same title block.
    const skus = (await api('GET', `/finance/accruals/skus?${place}`, admin)).rows;
    const bySku = book.worksheets[1];
    expect(bySku.name).toBe(`By SKU ${month}`);
    expect((bySku.getRow(headerRow).values as unknown[]).slice(1)).toEqual([
      'SKU',
      'Pallet-days',
      'Average pallets per day',
      'Average rate per pallet-day',
      'So far',
      'Expected by month end',
    ]);
    expect(bySku.getRows(headerRow + 1, skus.length)!.map((r) => (r.values as unknown[]).slice(1))).toEqual(
      skus.map((sku: Record<string, unknown>) => [
        sku.skuTitle,
        sku.palletDays,
        sku.averagePallets,
        sku.unitPrice,
        sku.toDate,
        sku.forecast,
      ]),
    );
  });

  it("drills down from the storage line to its lots' days, and shows the storage per SKU", async () => {
    const page = session.page();
    const lots = await api('GET', `/finance/accruals/lots?${place}`, admin);
    const storage = (await api('GET', accrualsPath, admin)).lines.find((l: { feeType: number }) => l.feeType === 1);
    // The runs add up to the storage so far, which the bill rounds band by band (one band here).
    const sum = lots.rows.reduce((total: number, run: { amount: number }) => total + run.amount, 0);
    expect(Math.round(sum * 100) / 100).toBe(storage.toDate);

    const lines = page.locator('[data-testid="accrual-lines"]:visible tbody tr.ant-table-row');
    await lines.filter({ hasText: 'Daily storage' }).locator('.ant-table-row-expand-icon').click();
    const runs = page.locator('[data-testid="accrual-lot-days"]:visible tbody tr.ant-table-row');
    await expect.poll(() => runs.count(), { timeout: 15_000 }).toBe(lots.total);
    const cells = async (row: number) => (await runs.nth(row).locator('td').allInnerTexts()).map((c) => c.trim());
    expect(await cells(0)).toEqual([
      String(lots.rows[0].lotId),
      lots.rows[0].skuTitle,
      lots.rows[0].inboundDate,
      '1 – on',
      String(lots.rows[0].pallets),
      `${lots.rows[0].dateFrom} – ${lots.rows[0].dateTo}`,
      String(lots.rows[0].days),
      '1.50 USD',
      usd(lots.rows[0].amount),
    ]);
    expect(await page.getByTestId('accrual-lot-days').innerText()).toContain("each band's sum is rounded to the cent");
    await shot(page, 'accruals-lot-days');

    const skus = (await api('GET', `/finance/accruals/skus?${place}`, admin)).rows;
    await page.getByTestId('accruals-view').getByText('By SKU').click();
    const bySku = page.locator('[data-testid="accrual-skus"]:visible tbody tr.ant-table-row');
    await expect.poll(() => bySku.count(), { timeout: 15_000 }).toBe(skus.length);
    // After the expand button's empty cell: the SKU, its pallet-days, average pallets, rate, so far and expected.
    expect((await bySku.first().locator('td').allInnerTexts()).slice(1).map((c) => c.trim())).toEqual([
      skus[0].skuTitle,
      String(skus[0].palletDays),
      String(skus[0].averagePallets),
      '1.50 USD',
      usd(skus[0].toDate),
      usd(skus[0].forecast),
    ]);
    await shot(page, 'accruals-by-sku');

    // The review of every organization's month is staff's: not a page of theirs.
    await page.goto(`${session.url()}/finance/accruals/customers`);
    await page.waitForURL((u) => u.pathname === '/401');
  });

  it("shows staff the organization's month among every organization's, opening it and its documents", async () => {
    staffBrowser = await openBrowser();
    const page = staffBrowser.page;
    await page.goto(`${session.url()}/login`);
    await signIn(page);
    await page.waitForURL((u) => u.pathname !== '/login');
    const answer = await api('GET', accrualsPath, admin);
    const organization = (await api('GET', `/organizations/${answer.organizationId}`, admin)).organizationName;
    const warehouse = (await api('GET', `/config/warehouses/${answer.warehouseId}`, admin)).name;

    await page.goto(`${session.url()}/finance/accruals/customers`);
    const rows = page.locator('[data-testid="accrual-review-table"]:visible tbody tr.ant-table-row');
    const row = rows.filter({ hasText: organization }).filter({ hasText: warehouse });
    // Kept totals: the page reads again while the organization waits to be priced after its outbound.
    await expect
      .poll(async () => ((await row.count()) ? (await row.locator('td').allInnerTexts()).map((c) => c.trim()) : []), {
        timeout: 30_000,
      })
      .toEqual([
        organization,
        warehouse,
        'USD',
        usd(answer.toDate.total),
        usd(answer.forecast.total),
        expect.any(String),
      ]);
    await shot(page, 'accruals-review');

    // Sorted by the server: by name, as the API answers that order.
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/finance/accruals/customers?') && r.url().includes('sort=organization'),
      ),
      page.getByTestId('accrual-review-table').getByRole('columnheader', { name: 'Organization' }).click(),
    ]);
    const names = (await api('GET', '/finance/accruals/customers?sort=organization', admin)).rows
      .slice(0, 50)
      .map((r: { organizationName: string }) => r.organizationName);
    await expect
      .poll(async () => (await rows.locator('td:first-child').allInnerTexts()).map((c) => c.trim()))
      .toEqual(names);

    await row.getByRole('link', { name: organization }).click();
    await page.waitForURL(
      (u) =>
        u.pathname === '/finance/accruals' &&
        u.searchParams.get('organizationId') === String(answer.organizationId) &&
        u.searchParams.get('warehouseId') === String(answer.warehouseId) &&
        u.searchParams.get('month') === month,
    );
    const soFar = page.getByTestId('accruals-to-date').locator('.ant-statistic-content-value');
    await expect.poll(() => soFar.innerText(), { timeout: 15_000 }).toBe(usd(answer.toDate.total));

    // The unloading charge opens the open expenses that make it, each opening its inbound.
    const expenses = await api(
      'GET',
      `/finance/accruals/expenses?organizationId=${answer.organizationId}&warehouseId=${answer.warehouseId}&month=${month}&subType=201`,
      admin,
    );
    const unloading = page.locator('[data-testid="accrual-lines"]:visible tr.ant-table-row', { hasText: 'Unloading' });
    await unloading.locator('.ant-table-row-expand-icon').click();
    const documents = page.getByTestId('accrual-expenses');
    await expect
      .poll(() => documents.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 })
      .toBe(Math.min(expenses.total, 20));
    expect(await documents.locator('tbody tr.ant-table-row').first().innerText()).toContain(
      expenses.rows[0].documentNo,
    );
    await documents.getByTestId('accrual-expense-document').first().click();
    await page.waitForURL((u) => u.pathname.endsWith(`/inbounds/${expenses.rows[0].inboundId}`));
  });
});
