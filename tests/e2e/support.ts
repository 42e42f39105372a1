import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS_DIR } from '../helpers/browser';

/** Shared steps of the browser tests: sign in, wait for a toast, take a screenshot. */
export const signIn = async (page: Page, username = 'admin', password = 'admin123') => {
  await page.getByPlaceholder('Username').fill(username);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByTestId('login-submit').click();
};

export const waitForPath = async (page: Page, pathname: string, timeout = 15_000) => {
  await page.waitForURL((u) => u.pathname === pathname, { timeout });
};

/** The text of antd toasts currently shown. */
export const toastWith = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

export const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`) });
};

/** Table body rows of a generated list (skips antd's measure row). */
/** Only the visible table: the tabs view keeps other pages mounted (hidden) with their own tables. */
export const tableRows = (page: Page, resource: string) => page.locator(`[data-testid="${resource}-table"]:visible tbody tr.ant-table-row`);

export const firstCellTexts = async (page: Page, resource: string, column: number) =>
  (await tableRows(page, resource).locator(`td:nth-child(${column})`).allInnerTexts()).map((s) => s.trim());

export const expectVisible = async (page: Page, selector: string, timeout = 10_000) => {
  await page.locator(selector).first().waitFor({ state: 'visible', timeout });
  expect(await page.locator(selector).count()).toBeGreaterThan(0);
};
