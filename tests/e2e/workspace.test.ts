import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp } from '../helpers/app-server';
import { openBrowser } from '../helpers/browser';
import { shot, signIn, toastWith, waitForPath } from './support';

/** The staff workspace of issue 5: sidebar, tabs, header tools, settings, profile, in real Chromium. */
describe('workspace', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await openBrowser({ width: 1440, height: 900 });
    page = browser.page;
    await page.goto(`${app.url}/login`);
    await signIn(page);
    await waitForPath(page, '/dashboard');
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await shot(page, `failed-${ctx.task.name.slice(0, 30)}`);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const menu = () => page.getByTestId('side-menu');
  const tabs = () => page.getByTestId('tag');
  const tabTitles = async () => (await tabs().allInnerTexts()).map((s) => s.trim());
  /** Client-side navigation through the sidebar (a page.goto would reload the app and its tabs). */
  const openFromMenu = async (group: string | undefined, item: string) => {
    if (group && !(await menu().getByRole('link', { name: item, exact: true }).isVisible())) await menu().getByText(group, { exact: true }).click();
    await menu().getByRole('link', { name: item, exact: true }).click();
    // The URL changes first; the tab follows when the page has rendered.
    await tabs().filter({ hasText: item }).first().waitFor();
  };
  /** A menu item, waited for past its opening animation, which swallows early clicks. */
  const pickItem = async (name: string, exact = true) => {
    const option = page.getByRole('menuitem', { name, exact });
    await option.waitFor();
    await page.waitForTimeout(300);
    await option.click();
    await option.waitFor({ state: 'hidden' });
  };
  const tabMenu = async (title: string, action: string) => {
    await tabs().filter({ hasText: title }).click({ button: 'right' });
    await pickItem(action);
  };
  /** Opens a header dropdown and picks an item (its name may carry the icon's label). */
  const choose = async (trigger: string, item: string) => {
    // A select left open by the step before (menu search) would take the first click.
    await page.keyboard.press('Escape');
    await page.getByTestId(trigger).click();
    await pickItem(item, false);
  };
  const search = async (text: string) => {
    await page.getByTestId('menu-search').click();
    await page.keyboard.type(text);
  };

  it('keeps visited pages as tabs; the pinned dashboard survives close all; pages keep their state', async () => {
    await expect.poll(tabTitles).toEqual(['Dashboard']);
    expect(await tabs().first().getByTestId('tag-close').count()).toBe(0);
    await openFromMenu('Configuration', 'Countries');
    await waitForPath(page, '/configuration/countries');
    const q = page.locator('[data-page="/configuration/countries"] [data-testid="filter-q"]');
    await q.fill('half typed');
    await openFromMenu('Configuration', 'Ports');
    await waitForPath(page, '/configuration/ports');
    await openFromMenu(undefined, 'Organizations');
    await waitForPath(page, '/organizations');
    expect(await tabTitles()).toEqual(['Dashboard', 'Countries', 'Ports', 'Organizations']);
    expect(await page.title()).toBe('Organizations - Logistics Back Office');
    expect(await page.getByTestId('breadcrumb').innerText()).toContain('Organizations');
    await shot(page, 'workspace-tabs-1440-en');

    // Back to Countries: the half-typed search is still there (kept alive, not re-mounted).
    await tabs().filter({ hasText: 'Countries' }).click();
    await waitForPath(page, '/configuration/countries');
    expect(await q.inputValue()).toBe('half typed');

    await tabMenu('Ports', 'Close Others');
    await waitForPath(page, '/configuration/ports');
    await expect.poll(tabTitles).toEqual(['Dashboard', 'Ports']);
    await tabMenu('Ports', 'Refresh');
    await waitForPath(page, '/configuration/ports');
    await expect.poll(tabTitles).toEqual(['Dashboard', 'Ports']);
    await tabMenu('Ports', 'Close All');
    await waitForPath(page, '/dashboard');
    await expect.poll(tabTitles).toEqual(['Dashboard']);
    // The pinned tab cannot be closed.
    await tabs().first().click({ button: 'right' });
    expect(await page.getByRole('menuitem', { name: 'Close', exact: true }).getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('breadcrumb').click();
    await page.getByRole('menuitem', { name: 'Close', exact: true }).waitFor({ state: 'hidden' });
  });

  it('searches the menu in English', async () => {
    await search('ports');
    await page.locator('.ant-select-item-option', { hasText: 'Configuration > Ports' }).click();
    await waitForPath(page, '/configuration/ports');
  });

  it('switches to Chinese: menu, tabs and page text follow; pinyin finds a Chinese title', async () => {
    await choose('language-select', '中文');
    await menu().getByText('基础配置').waitFor();
    await toastWith(page, '切换语言成功').waitFor();
    await expect.poll(tabTitles).toEqual(['首页', '港口']);
    expect(await page.title()).toBe('港口 - 物流管理系统');
    await search('guojia');
    await page.locator('.ant-select-item-option', { hasText: '基础配置 > 国家' }).click();
    await waitForPath(page, '/configuration/countries');
    await shot(page, 'workspace-1440-zh');
    await choose('language-select', 'English');
    await menu().getByText('Configuration').waitFor();
  });

  it('changes the size of every component, kept in a cookie', async () => {
    const toggle = page.getByTestId('sidebar-toggle');
    const height = async () => (await toggle.boundingBox())!.height;
    expect(await height()).toBe(32);
    const pick = (label: string) => choose('size-select', label);
    await pick('Default');
    await expect.poll(height).toBe(40);
    await pick('Mini');
    await expect.poll(height).toBeLessThan(24);
    const cookies = await browser.context.cookies();
    expect(cookies.find((c) => c.name === 'size')?.value).toBe('mini');
    await pick('Medium');
    await expect.poll(height).toBe(32);
  });

  it('shows a runtime error in the error log, and clears it', async () => {
    expect(await page.getByTestId('error-log').count()).toBe(0);
    // A test-only throw: an uncaught error in the page, as a bug in a handler would raise.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('workspace e2e boom');
      });
    });
    await page.getByTestId('error-log').click();
    const table = page.getByTestId('error-log-table');
    await table.getByText('workspace e2e boom', { exact: true }).waitFor();
    expect(await table.innerText()).toContain('/configuration/countries');
    await page.waitForTimeout(400); // the dialog zooms in
    await shot(page, 'workspace-error-log-1440-en');
    await page.getByTestId('error-log-clear').click();
    await expect.poll(() => page.getByTestId('error-log').count()).toBe(0);
  });

  it('opens the profile with roles and organizations', async () => {
    await choose('user-menu', 'Profile');
    await waitForPath(page, '/profile/index');
    const profile = page.getByTestId('profile-page');
    await profile.getByText('admin', { exact: true }).first().waitFor();
    expect(await profile.innerText()).toContain('Managed organizations');
    expect(await page.title()).toBe('Profile - Logistics Back Office');
    await shot(page, 'workspace-profile-1440-en');
  });

  it('changes the password: field errors first, then success', async () => {
    await choose('user-menu', 'Change password');
    const dialog = page.locator('.ant-modal-content', { hasText: 'Change password' });
    const ok = dialog.getByRole('button', { name: 'Save' });
    await ok.click();
    await expect.poll(() => dialog.getByText('The field is required').count()).toBe(3);
    await page.getByTestId('password-oldPwd').fill('admin123');
    await page.getByTestId('password-newPwd').fill('12345');
    await page.getByTestId('password-confirmPwd').fill('123456');
    await ok.click();
    await dialog.getByText('password cannot be fewer than 6 characters').waitFor();
    await page.getByTestId('password-newPwd').fill('newpass123');
    await ok.click();
    await dialog.getByText('The two passwords do not match').waitFor();
    await page.getByTestId('password-confirmPwd').fill('newpass123');
    await page.getByTestId('password-oldPwd').fill('not-my-password');
    await ok.click();
    // The server's answer lands on its field; the dialog stays open.
    await dialog.getByText('The old password is incorrect').waitFor();
    await shot(page, 'workspace-change-password-1440-en');
    await page.getByTestId('password-oldPwd').fill('admin123');
    await ok.click();
    await toastWith(page, 'update successful').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('logs out with a redirect back, removing all tabs', async () => {
    await openFromMenu('Configuration', 'Countries');
    await waitForPath(page, '/configuration/countries');
    await choose('user-menu', 'Log Out');
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/configuration\/countries/);
    await signIn(page, 'admin', 'newpass123');
    await waitForPath(page, '/configuration/countries');
    await expect.poll(tabTitles).toEqual(['Dashboard', 'Countries']);
  });

  it('keeps the settings panel choices across reloads', async () => {
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-sidebarLogo').click();
    await page.getByTestId('settings-tagsView').click();
    await expect.poll(() => page.getByTestId('tags-view').count()).toBe(0);
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    expect(await page.getByTestId('sidebar').getByText('Logistics Back Office').count()).toBe(1);
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-tagsView').click();
    await page.getByTestId('settings-sidebarLogo').click();
    await page.getByTestId('tags-view').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-panel').waitFor({ state: 'hidden' });
  });

  it('collapses the sidebar on a phone (390 px) and opens it as a drawer', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const p = phone.page;
      await p.goto(`${app.url}/login`);
      await signIn(p, 'editor', 'editor123');
      await waitForPath(p, '/dashboard');
      await p.getByTestId('header').waitFor();
      expect(await p.getByTestId('sidebar').count()).toBe(0);
      expect(await p.getByTestId('side-menu').count()).toBe(0);
      await p.getByTestId('count-countries').locator('.ant-statistic-content-value').waitFor();
      await shot(p, 'workspace-390-en');
      await p.getByTestId('sidebar-toggle').click();
      await p.getByTestId('side-menu').getByText('Organizations').waitFor();
      await p.waitForTimeout(400); // the drawer slides in
      await shot(p, 'workspace-390-en-menu');
      await p.getByTestId('side-menu').getByText('Organizations').click();
      await waitForPath(p, '/organizations');
      await p.getByTestId('side-menu').waitFor({ state: 'hidden' });
      await p.getByTestId('language-select').click();
      await p.getByRole('menuitem', { name: '中文' }).click();
      await p.getByTestId('breadcrumb').getByText('首页').waitFor();
      await shot(p, 'workspace-390-zh');
    } finally {
      await phone.close();
    }
  });
});
