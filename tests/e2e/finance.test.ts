import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { openBrowser } from '../helpers/browser';
import { httpApi } from '../helpers/http-api';
import { chooseOption, dialogSettled, shot, signedInSession, signIn, tableRows } from './support';

const session = signedInSession();

/** The API of the app under test, as the warehouse moves stock while finance looks on. */
const { ok: api, login, inbound } = httpApi(() => session.url());

let shipperBrowser: Awaited<ReturnType<typeof openBrowser>> | undefined;
afterAll(() => shipperBrowser?.close());

/** The monthly billing page with Los Angeles and February 2026 chosen, as both runs below start. */
const openBillRun = async (page: Page) => {
  await page.goto(`${session.url()}/finance/bills/generate`);
  await chooseOption(page, 'warehouseId', 'Los', /Los Angeles/);
  await page.locator('#month').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2026-02');
  await page.keyboard.press('Enter');
};

describe('finance: a fee model, a month of stock, an issued bill the customer sees', () => {
  it('defines a fee model with its day bands in the form', async () => {
    const page = session.page();
    await page.goto(`${session.url()}/finance/feeModels/add`);
    await page.locator('#root_name').fill('E2E storage');
    await chooseOption(page, 'root_warehouseId', 'Los', /Los Angeles/);
    await page.locator('#root_validFrom').click();
    await page.keyboard.type('2026-01-01');
    await page.keyboard.press('Enter');
    await chooseOption(page, 'root_lines_0_feeType', '', 'Storage');
    await chooseOption(page, 'root_lines_0_subType', '', 'Daily storage');
    await chooseOption(page, 'root_lines_0_unit', '', 'Pallet per day');
    const bands = page.getByTestId('lines-root_lines_0_segments');
    while ((await bands.locator('tbody tr.ant-table-row').count()) < 2) await bands.getByTestId('lines-add').click();
    await page.locator('#root_lines_0_segments_0_from').fill('1');
    await page.locator('#root_lines_0_segments_0_to').fill('30');
    await page.locator('#root_lines_0_segments_0_unitPrice').fill('0');
    await page.locator('#root_lines_0_segments_1_from').fill('31');
    await page.locator('#root_lines_0_segments_1_unitPrice').fill('1.2');
    // A fee line's buttons say what they do, apart from its bands' own.
    await page.getByRole('button', { name: 'Add a fee line' }).waitFor();
    expect(await page.getByRole('button', { name: 'Remove this fee line' }).count()).toBe(1);
    await shot(page, 'finance-fee-model-form');
    await page.getByTestId('save-button').click();
    await page.waitForURL((u) => !u.pathname.endsWith('/add'));
    await expect
      .poll(async () => (await api('GET', '/finance/feeModels', await login('admin', 'admin123'))).total, {
        timeout: 15_000,
      })
      .toBe(1);
    // Its detail page shows the bands as a table, not as text.
    const [model] = (await api('GET', '/finance/feeModels', await login('admin', 'admin123'))).rows;
    await page.goto(`${session.url()}/finance/feeModels/${model.id}`);
    await expect
      .poll(() => page.getByTestId('fee-model-lines').locator('tbody tr.ant-table-row').count(), { timeout: 15_000 })
      .toBe(2);
    expect(await page.getByTestId('fee-model-lines').innerText()).toContain('1.2');
  });

  it('moves stock, generates the month for the customer and issues the bill; the print shows it', async () => {
    const page = session.page();
    const admin = await login('admin', 'admin123');
    const shipper = await login('shipper', 'shipper123');
    const org = (await api('POST', '/system/users/getInfo', shipper)).organizationId;
    const orgName = (await api('GET', `/organizations/${org}`, admin)).organizationName;
    const warehouseId = (await api('GET', '/config/warehouses?shortName=LAX-ONT', admin)).rows[0].id;
    const skuId = (await api('GET', `/products/skus?organizationId=${org}&sort=id&pageSize=1`, admin)).rows[0].id;
    // 10 pallets in on 2026-01-01 (day 1), out on 2026-02-09 (day 40): February holds days 32-40.
    const products = [{ skuId, pieces: 100, pallets: 10 }];
    await inbound(admin, { organizationId: org, warehouseId, inboundType: 1, products }, '2026-01-01');
    const outbound = await api('POST', '/inventory/outbounds', admin, {
      organizationId: org,
      warehouseId,
      outboundType: 1,
      requestDate: '2026-02-09',
      notifier: 'E2E',
      products: [{ skuId, pieces: 100 }],
    });
    await api('POST', `/inventory/outbounds/${outbound.id}/submit`, admin, {});
    await api('POST', `/inventory/outbounds/${outbound.id}/confirm`, admin, { actualDate: '2026-02-09' });

    await openBillRun(page);
    await chooseOption(page, 'organizationId', orgName.slice(0, 4), orgName);
    // The customer reads Chinese: the print view follows the bill's language, not the screen's.
    await page.locator('.ant-select:has(#language)').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Chinese' }).click();
    await page.getByTestId('run-remarks').fill('Payable within 30 days');
    await page.getByTestId('run-start').click();
    await page.waitForURL((u) => /^\/finance\/bills\/\d+$/.test(u.pathname), { timeout: 20_000 });
    // 10 pallets x 9 days x 1.20 = 108.00.
    await expect.poll(() => page.getByTestId('lines-total').innerText(), { timeout: 15_000 }).toBe('108.00 USD');
    await page.locator('[data-testid="bill-lines"] .ant-table-row-expand-icon').last().click();
    await expect.poll(() => page.getByTestId('storage-explanation').innerText()).toContain('2026-02-01 – 2026-02-09');
    // What the draft covers is shown on its edit form but cannot change there.
    const billPath = new URL(page.url()).pathname;
    await page.goto(`${session.url()}${billPath.replace('/finance/bills/', '/finance/bills/edit/')}`);
    await page.locator('#root_periodFrom').waitFor();
    expect(await page.locator('#root_periodFrom').isDisabled()).toBe(true);
    expect(await page.locator('#root_remarks').isDisabled()).toBe(false);
    await page.goto(`${session.url()}${billPath}`);
    const download = page.waitForEvent('download');
    await page.getByTestId('bill-excel').click();
    // The file is named by the bill, says whose and which period above its frozen header, and totals it.
    const bill = await api('GET', `/finance/bills/${billPath.split('/').at(-1)}`, admin);
    expect((await download).suggestedFilename()).toBe(`${bill.billNo}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await (await download).path())!);
    const sheet = book.worksheets[0];
    const headerRow = (sheet.views[0] as { ySplit: number }).ySplit;
    const block = sheet.getRows(1, headerRow - 2)!.map((r) => (r.values as unknown[]).slice(1));
    expect(block).toEqual([
      [`Bill ${bill.billNo}`],
      ['Organization', orgName],
      ['Warehouse', expect.stringContaining('Los Angeles')],
      ['Period', '2026-02-01 – 2026-02-28'],
    ]);
    expect(sheet.autoFilter).toMatch(new RegExp(`^A${headerRow}:F`));
    const totals = sheet.getRow(sheet.rowCount);
    expect([totals.getCell(1).value, totals.getCell(6).value]).toEqual(['Total', 108]);
    await page.getByTestId('action-issue').click();
    // A click while the dialog still zooms in can land on the mask and close it unsent.
    await dialogSettled(page);
    const issued = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/issue'));
    await page.getByTestId('confirm-ok').click();
    expect((await (await issued).json()).code).toBe(20000);
    await page.getByTestId('bills-detail').getByText('Issued', { exact: true }).waitFor();
    await shot(page, 'finance-bill-issued');

    await page.getByTestId('bill-print').click();
    await page.waitForURL((u) => /^\/finance\/bills\/print\/\d+$/.test(u.pathname));
    await expect.poll(() => page.getByTestId('print-total').innerText(), { timeout: 15_000 }).toBe('108.00 美元');
    expect(await page.getByTestId('print-title').innerText()).toBe('账单');
    expect(await page.getByTestId('print-header').innerText()).toContain('Payable within 30 days');
    // Each storage line's lot runs are on the paper too: 10 pallets, 2026-02-01 to 2026-02-09.
    expect(await page.getByTestId('print-storage').innerText()).toContain('2026-02-01 – 2026-02-09');
    await shot(page, 'finance-bill-print');
    // On A4 portrait inside its 12 mm margins (186 mm: 703 px) the tables keep to the page, amounts
    // included: long names wrap within their column instead.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 703, height: 1000 });
    const edges = await page.locator('div.bill-print').evaluate((bill) => ({
      left: bill.getBoundingClientRect().left,
      tables: [...bill.querySelectorAll('table')].map((table) => Math.round(table.getBoundingClientRect().right)),
      amount: Math.round(
        bill.querySelector('[data-testid="print-storage"] thead th:last-child')!.getBoundingClientRect().right,
      ),
    }));
    expect(edges.left).toBeGreaterThanOrEqual(0);
    expect(edges.tables.filter((right) => right > 703)).toEqual([]);
    expect(edges.amount).toBeLessThanOrEqual(703);
    await shot(page, 'finance-bill-print-a4');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  it('bills every customer of a month on the server, follows its progress and lists it with its results', async () => {
    const page = session.page();
    const customers = (await api('GET', '/organizations?pageSize=1', await login('admin', 'admin123'))).total;
    await openBillRun(page);
    await page.getByTestId('run-start').click();
    // February is billed for the one customer with stock; nobody else had anything in it.
    await page.getByTestId('run-summary').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('run-progress').innerText()).toContain(`${customers} of ${customers} organizations`);
    expect(await page.getByTestId('run-summary').innerText()).toContain(
      `0 bills generated; skipped: 1 already billed, 0 without a fee model, 0 with fee models in different currencies, ${customers - 1} with nothing to bill; 0 failed.`,
    );
    // The run is on the list below with its counts; opened, it names each customer and links the bill.
    const run = page.locator('[data-testid="bill-runs"] tbody tr.ant-table-row').first();
    await expect.poll(() => run.innerText(), { timeout: 15_000 }).toContain('Done');
    await run.locator('.ant-table-row-expand-icon').click();
    const results = page.getByTestId('bill-run-results');
    await results.getByTestId('run-results-filter').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Already billed' }).click();
    await expect.poll(() => results.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'finance-bill-run');
    await results.locator('tbody tr.ant-table-row a').click();
    await page.waitForURL((u) => /^\/finance\/bills\/\d+$/.test(u.pathname));
  });

  it('shows the issued bill to its shipper', async () => {
    shipperBrowser = await openBrowser();
    const page = shipperBrowser.page;
    await page.goto(`${session.url()}/login`);
    await signIn(page, 'shipper', 'shipper123');
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(`${session.url()}/finance/bills`);
    await expect.poll(() => tableRows(page, 'bills').count(), { timeout: 15_000 }).toBe(1);
    expect(await tableRows(page, 'bills').first().innerText()).toContain('108.00');
    await tableRows(page, 'bills').first().getByRole('button').first().click();
    await expect.poll(() => page.getByTestId('lines-total').innerText(), { timeout: 15_000 }).toBe('108.00 USD');
    expect(await page.getByTestId('action-issue').count()).toBe(0);
    // The bill's fee model is not theirs to read: no lookup of it, so no refusal shown.
    expect(await page.locator('.ant-message-error').count()).toBe(0);
    await shot(page, 'finance-shipper-bill');
  });

  it('lets the shipper dispute a line of the issued bill, and staff accept part of it as a credit', async () => {
    const page = shipperBrowser!.page;
    await page.getByTestId('bill-line-dispute-button').first().click();
    await dialogSettled(page);
    await page.getByTestId('dispute-dialog').locator('#root_reason').fill('The pallets left on the 8th, not the 9th');
    const opened = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/dispute'));
    await page.getByTestId('dispute-ok').click();
    expect((await (await opened).json()).code).toBe(20000);
    // The line is marked and cannot be disputed twice.
    await page.getByTestId('bill-line-dispute').getByText('Open', { exact: true }).waitFor();
    expect(await page.getByTestId('bill-line-dispute-button').count()).toBe(0);
    await shot(page, 'finance-bill-disputed');

    const staff = session.page();
    await staff.goto(`${session.url()}/finance/disputes`);
    await expect.poll(() => tableRows(staff, 'disputes').count(), { timeout: 15_000 }).toBe(1);
    expect(await tableRows(staff, 'disputes').first().innerText()).toContain('108.00');
    await tableRows(staff, 'disputes').first().getByRole('button').first().click();
    await staff.getByTestId('action-accept').click();
    await dialogSettled(staff);
    await staff.getByTestId('action-dialog').locator('#root_amount').fill('12');
    const accepted = staff.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/accept'));
    await staff.getByTestId('action-dialog-ok').click();
    expect((await (await accepted).json()).data).toMatchObject({ status: 3, creditAmount: 12 });
    await staff.getByTestId('disputes-detail').getByText('Accepted', { exact: true }).waitFor();
    await shot(staff, 'finance-dispute-accepted');

    // The customer sees the answer on the bill; the credit waits for the next one as an open expense.
    await page.reload();
    await page.getByTestId('bill-line-dispute').getByText('Accepted', { exact: true }).waitFor({ timeout: 15_000 });
    const credits = await api('GET', '/finance/expenses?subType=901', await login('admin', 'admin123'));
    expect(credits.rows.map((e: { amount: number; status: number }) => [e.amount, e.status])).toEqual([[-12, 0]]);
  });
});
