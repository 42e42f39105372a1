import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp } from '../helpers/app-server';
import { openBrowser } from '../helpers/browser';
import { announcedInbound } from '../helpers/demo';
import { httpApi } from '../helpers/http-api';
import { dialogSettled, shot, signIn, tableRows, waitForPath } from './support';

/**
 * Issue 25 in Chromium: lists filter by a range of days picked in a calendar; old and wrong routes
 * land where they should (the audit trail's old path, a done inbound's edit, the cargo dashboard
 * for an admin, the deliveries list's title); an outbound line over the stock is warned about and
 * a negative rate refused with its message. Every screen on a 390 px phone: phone.test.ts.
 */
let app: Awaited<ReturnType<typeof startApp>>;
let admin: string;
let shipper: string;
let organizationId: number;
let warehouseId: number;
let skus: { id: number; title: string }[];
let doneInbound: number;
let billId: number;

const { ok: api, login, inbound } = httpApi(() => app.url);

beforeAll(async () => {
  app = await startApp();
  admin = await login('admin', 'admin123');
  shipper = await login('shipper', 'shipper123');
  organizationId = (await api('POST', '/system/users/getInfo', shipper)).organizationId;
  warehouseId = (await api('GET', '/config/warehouses?shortName=LAX-ONT', admin)).rows[0].id;
  skus = (await api('GET', `/products/skus?organizationId=${organizationId}&sort=id&pageSize=3`, admin)).rows;
  const products = skus.map((s) => ({ skuId: s.id, pieces: 60, pallets: 1 }));
  doneInbound = (await inbound(admin, announcedInbound({ organizationId, warehouseId, products }), '2026-11-06')).id;
  await api('POST', '/finance/feeModels', admin, {
    name: 'E2E storage',
    organizationId,
    warehouseId,
    currency: 2,
    validFrom: '2026-01-01',
    lines: [
      {
        feeType: 1,
        subType: 101,
        unit: 1,
        segmentType: 1,
        segments: [{ from: 1, unitPrice: 1.5 }],
      },
    ],
  });
  billId = (
    await api('POST', '/finance/bills', admin, {
      organizationId,
      warehouseId,
      periodFrom: '2026-11-01',
      periodTo: '2026-11-10',
    })
  ).id;
  await api('POST', `/finance/bills/${billId}/issue`, admin, {});
  const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  for (const [code, startDate] of [
    ['E2E-TODAY', today],
    ['E2E-DF1', '2031-03-01'],
    ['E2E-DF2', '2031-03-02'],
    ['E2E-DF3', '2031-03-03'],
  ])
    await api('POST', '/organizations', admin, {
      organizationName: `Date filter ${code}`,
      organizationCode: code,
      level: 2,
      startDate,
    });
}, 120_000);
afterAll(() => app?.close());

/** A session of its own in a fresh browser, at a size. */
const session = (username: string, password: string, width: number, height: number) => {
  let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
  beforeAll(async () => {
    browser = await openBrowser({ width, height });
    await browser.page.goto(`${app.url}/login`);
    await signIn(browser.page, username, password);
    await browser.page.waitForURL((u) => u.pathname !== '/login');
  });
  afterAll(() => browser?.close());
  return () => browser!.page;
};

/** The two ends of a range filter's picker (antd puts the test id on its inputs). */
const picker = (page: Page, field: string) => page.locator(`input[data-testid="filter-${field}"]:visible`);

/** Types a day into one end of a range picker: the calendar takes it with Enter. */
const typeDay = async (page: Page, input: 'first' | 'last', day: string) => {
  await picker(page, 'startDate')[input]().click();
  await page.keyboard.type(day);
  await page.keyboard.press('Enter');
};

describe('on a desktop, as the admin', () => {
  const page = session('admin', 'admin123', 1440, 1000);

  it('filters a list by a range of typed days, kept in the address', async () => {
    await page().goto(`${app.url}/organizations`);
    await tableRows(page(), 'organizations').first().waitFor();
    if (!(await picker(page(), 'startDate').first().isVisible())) await page().getByTestId('filters-more').click();
    await typeDay(page(), 'first', '2031-03-02');
    await typeDay(page(), 'last', '2031-03-03');
    await page().getByTestId('filter-submit').click();
    await expect.poll(() => tableRows(page(), 'organizations').count()).toBe(2);
    const texts = await tableRows(page(), 'organizations').allInnerTexts();
    expect(texts.join(' ')).toMatch(/E2E-DF2[\s\S]*E2E-DF3|E2E-DF3[\s\S]*E2E-DF2/);
    expect(decodeURIComponent(page().url())).toContain('2031-03-02');
    await shot(page(), 'issue25-date-range');
  });

  it("filters by a preset of the calendar: this month holds today's start, not 2031's", async () => {
    await page().goto(`${app.url}/organizations`);
    await tableRows(page(), 'organizations').first().waitFor();
    if (!(await picker(page(), 'startDate').first().isVisible())) await page().getByTestId('filters-more').click();
    await picker(page(), 'startDate').first().click();
    await page().locator('.ant-picker-presets:visible li', { hasText: 'This month' }).click();
    await page().getByTestId('filter-submit').click();
    await expect
      .poll(() => tableRows(page(), 'organizations').allInnerTexts())
      .toEqual([expect.stringContaining('E2E-TODAY')]);
    expect(await page().locator('.ant-message-error').count()).toBe(0);
  });

  it("leads the audit trail's old path to it", async () => {
    await page().goto(`${app.url}/system/audit`);
    await waitForPath(page(), '/permissions/audit');
    await expect.poll(() => page().title()).toMatch(/^Audit trail/);
  });

  it('titles the deliveries list as deliveries', async () => {
    await page().goto(`${app.url}/orders/deliveries`);
    await expect.poll(() => page().title()).toMatch(/^Deliveries/);
    expect(await page().locator('.ant-breadcrumb').innerText()).toContain('Deliveries');
  });

  it("opens a done inbound's detail from its edit route", async () => {
    await page().goto(`${app.url}/inventories/inbounds/edit/${doneInbound}`);
    await waitForPath(page(), `/inventories/inbounds/${doneInbound}`);
    await page().getByTestId('inbounds-detail').waitFor();
    expect(await page().getByTestId('inbounds-form').count()).toBe(0);
  });

  it("shows an admin a customer's cargo dashboard", async () => {
    await page().goto(`${app.url}/cargo/dashboard`);
    await page().getByTestId('cargo-organization').waitFor();
    expect(new URL(page().url()).pathname).toBe('/cargo/dashboard');
  });

  it('warns on an outbound line asking for more than is available, as it is typed', async () => {
    await page().goto(`${app.url}/inventories/addOutbound`);
    const form = page().getByTestId('outbounds-form');
    await form.waitFor();
    const organizationName = (await api('GET', `/organizations/${organizationId}`, admin)).organizationName;
    const warehouseName = (await api('GET', `/config/warehouses/${warehouseId}`, admin)).name;
    await form.locator('#root_organizationId').click();
    await page().keyboard.type(organizationName.slice(0, 6));
    await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: organizationName }).click();
    await form.locator('#root_warehouseId').click();
    await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: warehouseName }).click();
    await form.getByTestId('lines-add').click();
    await form.locator('#root_lines_0_skuId').click();
    await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: skus[1].title }).click();
    await form.locator('#root_lines_0_pieces').fill('50');
    expect(await form.getByTestId('line-over-available').count()).toBe(0);
    await form.locator('#root_lines_0_pieces').fill('61');
    await expect.poll(() => form.getByTestId('line-over-available').innerText()).toContain('60');
    await shot(page(), 'issue25-outbound-over-available');
  });

  it('marks a bill paid only with a reference, the refusal staying on the field and out of the error log', async () => {
    await page().goto(`${app.url}/finance/bills/${billId}`);
    await page().getByTestId('action-pay').click();
    await dialogSettled(page());
    await page().getByTestId('action-dialog-ok').click();
    await page().getByText('Please enter the payment reference.').waitFor();
    await page().getByTestId('action-dialog').locator('#root_paymentRef').fill('TT-20261126');
    await page().getByTestId('action-dialog-ok').click();
    await expect.poll(async () => (await api('GET', `/finance/bills/${billId}`, admin)).paymentRef).toBe('TT-20261126');
    expect(await page().getByTestId('error-log').count()).toBe(0);
  });

  it('refuses a negative duty rate with its message instead of saving 0', async () => {
    const product = (await api('GET', `/products?organizationId=${organizationId}&pageSize=1`, admin)).rows[0];
    await page().goto(`${app.url}/products/spus/edit/${product.id}`);
    const rate = page().locator('#root_additionalDutyRate');
    await rate.fill('-5');
    await rate.blur();
    expect(await rate.inputValue()).toBe('-5');
    await page().getByTestId('save-button').click();
    await page().getByText('A rate cannot be negative.').waitFor();
    expect((await api('GET', `/products/${product.id}`, admin)).version).toBe(product.version);
  });
});
