import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession, pickFromMenu, shot, signIn, toastWith, waitForPath } from './support';

/** Sign in, the route guard's redirects, language switch and sign out in real Chromium. */
describe('session', () => {
  let page: Page;
  let url: string;
  browserSession({ height: 900 }, (session) => ({ page, url } = session));

  const signOut = async () => {
    await pickFromMenu(page, () => page.getByTestId('user-menu').click(), /log out/i);
    await waitForPath(page, '/login');
  };

  it('shows the server message for a wrong password', async () => {
    await page.goto(`${url}/login`);
    await shot(page, 'login');
    await signIn(page, 'admin', 'wrong-password');
    await toastWith(page, 'Account and password are incorrect.').waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('checks the form before sending: user name and password length', async () => {
    await page.goto(`${url}/login`);
    await signIn(page, '   ', '123');
    await page.getByText('Please enter the correct user name').waitFor();
    await page.getByText('The password can not be less than 6 digits').waitFor();
  });

  it('signs in as admin and lands on the dashboard with live counts', async () => {
    await page.goto(`${url}/login`);
    await signIn(page, ' admin ', 'admin123');
    await waitForPath(page, '/dashboard');
    const countries = page.getByTestId('count-countries').locator('.ant-statistic-content-value');
    await expect
      .poll(async () => Number((await countries.innerText()).replace(/\D/g, '')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await page.title()).toBe('Dashboard - Logistics Back Office');
    await shot(page, 'dashboard');
    // A figure opens the list it counts, with the same filter, its label shown in the form.
    await page.getByTestId('count-activePorts').click();
    await waitForPath(page, '/configuration/ports');
    await page.getByTestId('list-filters').getByText('Valid', { exact: true }).waitFor();
    expect(page.url()).toContain('filters');
  });

  it('switches the language and the menu follows', async () => {
    const menuShows = (text: string) => () => page.locator('.ant-menu').getByText(text).waitFor({ timeout: 5_000 });
    await pickFromMenu(page, () => page.getByTestId('language-select').click(), '中文', true, menuShows('基础配置'));
    await toastWith(page, '切换语言成功').waitFor();
    await page.getByTestId('language-select').click();
    // The current language is disabled in the menu.
    await expect.poll(() => page.getByRole('menuitem', { name: '中文' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await pickFromMenu(
      page,
      () => page.getByTestId('language-select').click(),
      'English',
      true,
      menuShows('Configuration'),
    );
  });

  it('signs out to the login page with a redirect back', async () => {
    await page.goto(`${url}/configuration/countries`);
    await page.getByTestId('countries-table').waitFor();
    await signOut();
    await waitForPath(page, '/login');
    // Back to the same screen, list state (page, sort, filters) included.
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/configuration\/countries(\?|$)/);
  });

  it('sends a signed-out visitor to login and back to the page asked for', async () => {
    await page.goto(`${url}/configuration/ports/create`);
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/configuration/ports/create');
    await signIn(page);
    await waitForPath(page, '/configuration/ports/create');
    await page.getByTestId('ports-form').waitFor();
  });

  it('shows /404 for an unknown path and /401 for a page the user lacks', async () => {
    await page.goto(`${url}/no/such/page`);
    await waitForPath(page, '/404');
    await page.evaluate(() => {
      document.cookie = 'Admin-Token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    });
    await page.goto(`${url}/login`);
    await signIn(page, 'shipper', 'shipper123');
    await waitForPath(page, '/cargo/dashboard');
    await page.goto(`${url}/configuration/countries`);
    await waitForPath(page, '/401');
  });
});
