import { existsSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { openBrowser } from '../helpers/browser';

/**
 * What a user waits for in Chromium (issue 13): the gzip JavaScript of the first load of the login
 * page and of the dashboard (what it needs before its figures show, and what comes after them),
 * the login form's time to show on a cold load, and a switch between two kept tabs. Times are taken
 * inside the page (from navigation start, or from the click event), so Playwright's own round trips
 * stay out of them.
 */

const COLD_LOADS = 5;
const SWITCHES = 10;
// Lists kept open as tabs while two of them are switched, so hidden pages are there to re-render.
const KEPT = [
  '/organizations',
  '/partners',
  '/configuration/ports',
  '/configuration/countries',
  '/shipments/list',
  '/inventories/inbounds',
];
const [TAB_A, TAB_B] = ['/configuration/ports', '/configuration/countries'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/**
 * The scripts (or whatever else `counts` takes) a page downloads from the moment it is armed: name
 * and encoded (on the wire) size.
 */
export function scriptCounter(
  cdp: CDPSession,
  counts: (type: string, url: string) => boolean = (type) => type === 'Script',
) {
  const scripts = new Map<string, { url: string; headers: number }>();
  let counted = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    if (counts(e.type, e.response.url))
      scripts.set(e.requestId, { url: e.response.url, headers: e.response.encodedDataLength });
  });
  // The body only: the headers (a security policy on each) are the same whatever the bundle.
  cdp.on('Network.loadingFinished', (e) => {
    const script = scripts.get(e.requestId);
    if (script) counted.set(script.url, e.encodedDataLength - script.headers);
  });
  return {
    reset: () => (counted = new Map()),
    take: () => {
      const files = [...counted].map(([url, bytes]) => ({ url, name: new URL(url).pathname.split('/').pop()!, bytes }));
      counted = new Map();
      return files;
    },
  };
}

export type Script = ReturnType<ReturnType<typeof scriptCounter>['take']>[number];

const describe = (files: Script[], apart?: RegExp) => {
  const total = files.reduce((s, f) => s + f.bytes, 0);
  const aside = apart ? files.filter((f) => apart.test(f.name)) : [];
  if (process.env.BENCH_VERBOSE) for (const f of files) console.log(`  ${f.name} ${kb(f.bytes)}`);
  const asideNote = aside.length ? `, of which ${kb(aside.reduce((s, f) => s + f.bytes, 0))} the chart library` : '';
  return `${kb(total)} in ${files.length} files${asideNote}`;
};

// In-page code goes as text: tsx names every function it compiles with a helper the page lacks.

/** Marks the moment the login form is laid out, from navigation start, on every document. */
const LOGIN_FORM_PROBE = `(() => {
  const check = () => {
    const form = document.querySelector('[data-testid="login-form"]');
    if (form && form.getBoundingClientRect().height > 0) window.__loginFormAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

const FIGURE = '[data-testid="count-countries"] .ant-statistic-content-value';

/**
 * Marks the moment the dashboard's figures enter the page, from navigation start, on a document
 * opened at /dashboard: a mutation observer sees them in the task that commits them, before any
 * effect of that commit runs.
 */
const DASHBOARD_PROBE = `(() => {
  if (location.pathname !== '/dashboard') return;
  const observer = new MutationObserver(() => {
    if (!document.querySelector('${FIGURE}')) return;
    window.__figuresAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Splits scripts into those requested before the figures were in the page and those after. */
async function splitAtFigures(page: Page, files: Script[]) {
  const { figuresAt, starts } = (await page.evaluate(`({
    figuresAt: window.__figuresAt,
    starts: performance.getEntriesByType('resource').map((e) => [e.name, e.startTime]),
  })`)) as { figuresAt: number; starts: [string, number][] };
  const startOf = new Map(starts);
  const before = files.filter((f) => (startOf.get(f.url) ?? 0) < figuresAt);
  return { before, after: files.filter((f) => !before.includes(f)) };
}

async function signIn(page: Page) {
  await page.getByPlaceholder('Username').fill('admin');
  await page.getByPlaceholder('Password').fill('admin123');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
}

const dashboardShown = (page: Page) => page.locator(FIGURE).first().waitFor();

/**
 * From a click on the tab of `path` to its page shown: the click's own timestamp, then each frame
 * until the page is displayed with its rows, then the task after that frame's paint.
 */
async function timeSwitch(page: Page, path: string) {
  // void: evaluate would otherwise wait for the promise, and with it for the click.
  await page.evaluate(`void (window.__switched = new Promise((resolve) => {
    document.addEventListener('click', (event) => {
      const start = event.timeStamp;
      const check = () => {
        const el = document.querySelector('[data-page="${path}"]');
        if (el && el.offsetParent !== null && el.querySelector('.ant-table-row')) setTimeout(() => resolve(performance.now() - start));
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, { capture: true, once: true });
  }))`);
  await page.locator(`[data-testid="tag"][data-path="${path}"]`).click();
  return (await page.evaluate('window.__switched')) as number;
}

export async function browserBench(url: string, record: (name: string, value: string) => void) {
  if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium'))
    return record('browser figures', 'skipped: no Chromium');
  const browser = await openBrowser({ width: 1440, height: 900 });
  try {
    const { page, context } = browser;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // The figure is gzip: Chromium would take brotli where offered, which is smaller.
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
    const counter = scriptCounter(cdp);
    await page.addInitScript(LOGIN_FORM_PROBE);
    await page.addInitScript(DASHBOARD_PROBE);

    // Cold loads of the login page: no cache, no session.
    const formTimes: number[] = [];
    let loginFiles: Script[] = [];
    for (let i = 0; i < COLD_LOADS; i++) {
      await page.goto('about:blank');
      await cdp.send('Network.clearBrowserCache');
      await context.clearCookies();
      counter.reset();
      await page.goto(`${url}/login`);
      await page.waitForFunction(() => (window as { __loginFormAt?: number }).__loginFormAt !== undefined);
      formTimes.push((await page.evaluate('window.__loginFormAt')) as number);
      await page.waitForLoadState('networkidle');
      loginFiles = counter.take();
    }
    record('login page first load JS (Chromium, gzip)', describe(loginFiles));
    record(
      `login form visible from navigation start, median of ${COLD_LOADS} cold loads`,
      `${median(formTimes).toFixed(0)} ms (min ${Math.min(...formTimes).toFixed(0)}, max ${Math.max(...formTimes).toFixed(0)})`,
    );

    // Signing in from that page: what the dashboard adds to what the login page brought.
    await signIn(page);
    await dashboardShown(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    record('sign-in to dashboard, JS added to the login page (gzip)', describe(counter.take(), /^plots-/));

    // The dashboard opened cold with a session, as after a browser restart: what it downloads
    // before its figures show, then what follows them (the charts and lists, widgets on idle).
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    counter.reset();
    await page.goto(`${url}/dashboard`);
    await dashboardShown(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const { before, after } = await splitAtFigures(page, counter.take());
    record('dashboard first load JS, signed in, cold cache, before the figures show (gzip)', describe(before));
    record('dashboard JS after the figures show: charts, lists, idle loads (gzip)', describe(after, /^plots-/));

    // Kept tabs: open the lists in-app (a page load would start a new set of tabs), then switch.
    for (const path of KEPT) {
      await page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.locator(`[data-page="${path}"] .ant-table`).first().waitFor();
    }
    await page.waitForLoadState('networkidle');
    const switches: number[] = [];
    for (let i = 0; i < SWITCHES; i++) {
      switches.push(await timeSwitch(page, i % 2 ? TAB_A : TAB_B));
      // Let the shown page's refetch settle, as a user reading it would.
      await page.waitForLoadState('networkidle');
    }
    record(
      `switch between two kept tabs (${KEPT.length + 1} kept), click to page shown, median of ${SWITCHES}`,
      `${median(switches).toFixed(0)} ms (max ${Math.max(...switches).toFixed(0)})`,
    );
  } finally {
    await browser.close();
  }
}
