import { existsSync } from 'node:fs';
import { openBrowser } from '../helpers/browser';

const LISTS = [
  '/organizations',
  '/partners',
  '/shipments/list',
  '/inventories/inbounds',
  '/inventories/outbounds',
  '/configuration/ports',
  '/configuration/countries',
  '/products/spus',
  '/permissions/roles',
];

/**
 * The workspace in Chromium: nine list pages open as tabs (ten kept with the dashboard), then
 * each tab clicked in turn, twice round, timed from the click to its page shown. Playwright's own
 * round trips are in the figure, so it compares runs on one machine rather than stating a delay.
 */
export async function tabSwitchBench(url: string, record: (name: string, value: string) => void) {
  const name = 'switch between 10 kept tabs (Chromium), p50 / max';
  if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) return record(name, 'skipped: no Chromium');
  const browser = await openBrowser({ width: 1440, height: 900 });
  try {
    const { page } = browser;
    await page.goto(`${url}/login`);
    await page.getByPlaceholder('Username').fill('admin');
    await page.getByPlaceholder('Password').fill('admin123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    for (const path of LISTS) {
      // In-app navigation, as a menu click does: a page load would start a new set of tabs.
      await page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.locator(`[data-page="${path}"] .ant-table-row`).first().waitFor();
    }
    const times: number[] = [];
    for (let round = 0; round < 2; round++)
      for (const path of LISTS) {
        const started = performance.now();
        await page.locator(`[data-testid="tag"][data-path="${path}"]`).click();
        await page.locator(`[data-testid="tag"][data-path="${path}"][data-active="true"]`).waitFor();
        await page.locator(`[data-page="${path}"]`).waitFor({ state: 'visible' });
        times.push(performance.now() - started);
      }
    times.sort((a, b) => a - b);
    record(name, `${times[Math.floor(times.length / 2)].toFixed(0)} / ${times.at(-1)!.toFixed(0)} ms`);
  } finally {
    await browser.close();
  }
}
