import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { httpApi } from '../helpers/http-api';
import { shot, signedInSession } from './support';

/**
 * Issue 43 in Chromium: a cargo owner watches this month's charges form. The dashboard's card moves
 * without a reload when staff confirm an outbound of their stock; the month's page shows the
 * charges by fee and writes them to Excel. Figures are the API's, for whatever day the suite runs on.
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
  let admin = '';
  let month = '';

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
    accrualsPath = `/finance/accruals?organizationId=${organizationId}&warehouseId=${warehouseId}`;
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
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^Storage\s+Daily storage\s+/),
      expect.stringMatching(/^Inbound\s+Unloading\s+50\.00 USD\s+50\.00 USD$/),
      expect.stringMatching(/^Outbound\s+Pallet loading\s+30\.00 USD\s+30\.00 USD$/),
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
  });
});
