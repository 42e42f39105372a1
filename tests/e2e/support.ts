import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startApp } from '../helpers/app-server';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, SHOTS_DIR } from '../helpers/browser';

/** Shared steps of the browser tests: sign in, wait for a toast, take a screenshot. */
export const signIn = async (page: Page, username = 'admin', password = 'admin123') => {
  await page.getByPlaceholder('Username').fill(username);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByTestId('login-submit').click();
};

export const waitForPath = async (page: Page, pathname: string, timeout = 15_000) => {
  await page.waitForURL((u) => u.pathname === pathname, { timeout });
};

/**
 * Goes to a path by the app's own navigation, as a link or the menu would: the app stays loaded
 * (a reload would parse it again and start the tabs afresh).
 */
export const navigateInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** The text of antd toasts currently shown. */
export const toastWith = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

export const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`) });
};

/** An image loaded and decoded by the browser, by a signed /oss URL (nothing else would load). */
export const expectPainted = async (image: Locator) => {
  await image.waitFor();
  expect(await image.getAttribute('src')).toMatch(/^\/api\/1\.0\/oss\/files\/.+[?&]signature=/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 10_000 })
    .toBeGreaterThan(0);
};

/** Table body rows of a generated list (skips antd's measure row). */
/** Only the visible table: the tabs view keeps other pages mounted (hidden) with their own tables. */
export const tableRows = (page: Page, resource: string) =>
  page.locator(`[data-testid="${resource}-table"]:visible tbody tr.ant-table-row`);

export const firstCellTexts = async (page: Page, resource: string, column: number) =>
  (await tableRows(page, resource).locator(`td:nth-child(${column})`).allInnerTexts()).map((s) => s.trim());

/**
 * A fresh app and a browser on it, started before the file's tests and closed after them. `ready`
 * is handed the page and the app's address once they exist, for a suite to keep and start with.
 */
export const browserSession = (
  options: { width?: number; height?: number },
  ready: (session: { page: Page; url: string }) => unknown,
) => {
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
  beforeAll(async () => {
    app = await startApp();
    browser = await openBrowser({ width: options.width ?? 1440, height: options.height ?? 1000 });
    await ready({ page: browser.page, url: app.url });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
};

/**
 * The same, signed in as `username`. The getters read the current objects, since they exist only
 * once beforeAll ran; `ready` hands them to a suite that keeps them in its own variables.
 */
export const signedInSession = (
  options: { username?: string; password?: string; width?: number; height?: number } = {},
  ready?: (session: { page: Page; url: string }) => void,
) => {
  let current: { page: Page; url: string } | undefined;
  browserSession(options, async (session) => {
    await session.page.goto(`${session.url}/login`);
    await signIn(session.page, options.username, options.password);
    await session.page.waitForURL((u) => u.pathname !== '/login');
    current = session;
    ready?.(session);
  });
  return { page: () => current!.page, url: () => current!.url };
};

/** Picks an option of an antd select found by its input id, typing `search` first to narrow it. */
export const chooseOption = async (page: Page, id: string, search: string, option: string | RegExp) => {
  await page.locator(`#${id}`).click();
  if (search) await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
};

/**
 * Opens a dropdown or context menu and picks an item. The menu's opening animation, or a page
 * re-rendering under it, can swallow a click or close the menu: then it is opened and tried again.
 * `done` waits for the pick's effect (rejecting when it does not come), for picks whose closing
 * menu alone does not prove the click was taken.
 */
export const pickFromMenu = async (
  page: Page,
  open: () => Promise<unknown>,
  name: string | RegExp,
  exact = true,
  done?: () => Promise<unknown>,
) => {
  const item = page.getByRole('menuitem', typeof name === 'string' ? { name, exact } : { name });
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await item.isVisible())) await open();
      await item.waitFor({ timeout: 3_000 });
      await animationsSettled(page, 3_000);
      await item.click({ timeout: 3_000 });
      await item.waitFor({ state: 'hidden', timeout: 3_000 });
      await done?.();
      return;
    } catch (err) {
      if (attempt === 4) throw err;
      await page.keyboard.press('Escape');
    }
  }
};

/**
 * Waits until no finite CSS animation or transition runs: a dialog zooming in, a drawer sliding,
 * a menu opening. Spinners loop forever and are not waited for.
 */
export const animationsSettled = async (page: Page, timeout?: number) => {
  const running = () =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
    );
  await expect.poll(running, timeout ? { timeout } : undefined).toBe(0);
};

/**
 * Waits until no dialog is still zooming in: a click during antd's opening animation can land on
 * the mask beside the moving button, which closes the dialog instead.
 */
export const dialogSettled = async (page: Page) => {
  await expect.poll(() => page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter').count()).toBe(0);
};

/**
 * Confirms the stock document on screen on a day of the test's own: its dialog offers the
 * warehouse's today, which is cleared and replaced.
 */
export const confirmOnDay = async (page: Page, day: string) => {
  await page.getByTestId('action-confirm').click();
  await dialogSettled(page);
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.locator('.ant-picker').hover();
  await dialog.locator('.ant-picker-clear').click();
  await page.getByTestId('confirm-date').click();
  await page.keyboard.type(day);
  await page.keyboard.press('Enter');
  await dialog.locator('.ant-btn-primary').click();
};
