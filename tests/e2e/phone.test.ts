import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { resourceByName, resources } from '../../resources';
import { pageByName, pages } from '../../resources/pages';
import { buttonPermission, isEditable, recordScreenPath, screenPaths, statusField } from '../../src/domain/resource';
import { allows } from '../../src/domain/workflow';
import { PROFILE_PATH } from '../../src/web/layout/route-meta';
import { startApp } from '../helpers/app-server';
import { openBrowser } from '../helpers/browser';
import { httpApi } from '../helpers/http-api';
import { dialogSettled, navigateInApp, shot, signIn } from './support';

/**
 * Issue 44 in Chromium at 390 x 844: every route the app declares (each resource's list, add, a
 * detail per status its records are in and an edit, each hand-written page, the profile), opened
 * as an admin and as a cargo owner on the demo data, fits the screen: nothing scrolls the page
 * sideways, wide tables scroll inside their cards. What a thumb presses is 44 px, on a phone only.
 */
const WIDTH = 390;
/** A cap, not a wait: a resource's five to ten screens on a busy 2-core machine. */
const CAP = 300_000;
/** WCAG 2.5.5: what a thumb presses. */
const THUMB = 44;

type Rec = Record<string, unknown> & { id: number };

let app: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => {
  app = await startApp({ activity: true });
}, CAP);
afterAll(() => app?.close());

const { ok: api, login } = httpApi(() => app.url);

const rowsOf = async (token: string, path: string) =>
  (await api<{ rows: Rec[] }>('GET', `${path}?pageSize=100`, token)).rows;

/** The records a hand-written page's `:id` names: its declaration does not say. */
const PAGE_RECORDS: Record<string, string> = { orderSuccess: 'orders', billPrint: 'bills' };

/**
 * Follows the requests a browser's page makes, but the live stream it keeps open for as long as it
 * runs: whether none is under way.
 */
const quietness = (page: Page) => {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') pending.add(request);
  });
  const done = (request: Request) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => pending.size === 0;
};

/**
 * Opens `path` as a click on a link would: a load of the whole app for each of some two hundred
 * screens took ten minutes. Then waits until the page in front is the one at the address (a
 * redirect followed) and has drawn all it loaded: no request under way, no spinner or skeleton,
 * the fonts in, still so two frames later (a list drawn may ask for the names it shows).
 */
const open = async (page: Page, quiet: () => boolean, path: string) => {
  await navigateInApp(page, path);
  const drawn = async () =>
    quiet() &&
    page.evaluate(() => {
      const shown = document.querySelector<HTMLElement>(`[data-page="${CSS.escape(location.pathname)}"]`);
      const visible = (selector: string) =>
        [...document.querySelectorAll<HTMLElement>(selector)].some((el) => el.checkVisibility());
      return (
        !!shown?.offsetHeight &&
        !visible('.ant-spin-spinning, .ant-skeleton-active') &&
        document.fonts.status === 'loaded'
      );
    });
  const settled = async () => {
    if (!(await drawn())) return false;
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
    return drawn();
  };
  await expect.poll(settled, { message: `${path} never settled`, timeout: 30_000 }).toBe(true);
};

const overflow = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, document.body]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => `${el.tagName.toLowerCase()} ${el.scrollWidth} px`),
  );

describe.each([
  ['admin', 'admin123'],
  ['shipper', 'shipper123'],
])('on a 390 px phone, as %s', (username, password) => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let quiet: () => boolean;
  let token: string;
  let granted: Set<string>;
  beforeAll(async () => {
    token = await login(username, password);
    const info = await api<{ resources: { name: string }[] }>('POST', '/system/users/getInfo', token);
    granted = new Set(info.resources.map((r) => r.name));
    // The cart and checkout show their lines only with something in the cart.
    const [product] = granted.has('orders.cart') ? await rowsOf(token, '/orders/products') : [];
    if (product)
      await api('POST', '/orders/cart', token, { skuId: product.skuId, warehouseId: product.warehouseId, pieces: 1 });
    browser = await openBrowser({ width: WIDTH, height: 844 });
    quiet = quietness(browser.page);
    await browser.page.goto(`${app.url}/login`);
    await signIn(browser.page, username, password);
    await browser.page.waitForURL((u) => u.pathname !== '/login');
  });
  afterAll(() => browser?.close());

  /** Opens each path and lists those wider than the screen, with a screenshot of each. */
  const wider = async (paths: string[]) => {
    const page = browser.page;
    const wide: string[] = [];
    for (const path of paths) {
      await open(page, quiet, path);
      expect(new URL(page.url()).pathname, path).not.toBe('/401');
      const widths = await overflow(page);
      if (widths.length) {
        wide.push(`${path}: ${widths.join(', ')}`);
        await shot(page, `phone-${username}${path.replaceAll('/', '-')}`);
      }
    }
    return wide;
  };

  it.for(resources.map((def) => [def.name, def] as const))(
    'fits %s on the screen',
    { timeout: CAP },
    async ([, def], { skip }) => {
      if (!granted.has(def.permission)) skip();
      const paths = screenPaths(def);
      const rows = await rowsOf(token, def.api);
      const status = statusField(def);
      // A detail's header buttons follow its status: one record of each status shown.
      const shown = status ? [...new Map(rows.map((r) => [r[status], r])).values()] : rows.slice(0, 1);
      // A record its state still lets be edited, else one whose edit route leads to its detail.
      const edited = rows.find((r) => isEditable(def, r)) ?? rows[0];
      const may = (action: 'create' | 'edit') =>
        def.actions.includes(action) && granted.has(buttonPermission(def, action));
      expect(
        await wider([
          paths.list,
          ...(may('create') ? [paths.create] : []),
          ...shown.map((r) => recordScreenPath(def, 'show', r.id)),
          ...(may('edit') && edited ? [recordScreenPath(def, 'edit', edited.id)] : []),
        ]),
      ).toEqual([]);
    },
  );

  it('fits every hand-written page and the profile on the screen', { timeout: CAP }, async () => {
    const paths = await Promise.all(
      pages
        .filter((p) => granted.has(p.permission))
        .map(async (p) => {
          if (!p.path.includes(':id')) return p.path;
          expect(PAGE_RECORDS[p.name], `the records ${p.path} opens`).toBeDefined();
          const [record] = await rowsOf(token, resourceByName(PAGE_RECORDS[p.name])!.api);
          return p.path.replace(':id', String(record.id));
        }),
    );
    expect(await wider([...paths, PROFILE_PATH])).toEqual([]);
  });

  it("gives a thumb 44 px to press, the tabs, a page's actions and a dialog's answers, where a desk keeps antd's sizes", async () => {
    const page = browser.page;
    const outbounds = resourceByName('outbounds')!;
    const rows = await rowsOf(token, outbounds.api);
    const confirmable = granted.has(buttonPermission(outbounds, 'confirm'))
      ? rows.find((r) => allows(outbounds.workflow!.machine!, 'confirm', r))
      : undefined;
    await open(page, quiet, recordScreenPath(outbounds, 'show', (confirmable ?? rows[0]).id));
    /** The widths or heights of what `selector` finds on screen; there must be some. */
    const sizes = async (selector: string, side: 'width' | 'height') => {
      const found = await page
        .locator(`${selector} >> visible=true`)
        .evaluateAll((all, key) => all.map((el) => el.getBoundingClientRect()[key]), side);
      expect(found.length, selector).toBeGreaterThan(0);
      return found;
    };
    const smallest = async (selector: string, side: 'width' | 'height' = 'height') =>
      Math.min(...(await sizes(selector, side)));
    expect(await smallest('[data-testid="tag"]')).toBeGreaterThanOrEqual(THUMB);
    expect(await smallest('[data-testid="tag-close"]')).toBeGreaterThanOrEqual(THUMB);
    expect(await smallest('[data-testid="tag-close"]', 'width')).toBeGreaterThanOrEqual(THUMB);
    expect(await smallest('.ant-page-header-heading-extra .ant-btn')).toBeGreaterThanOrEqual(THUMB);
    // The scan screen's confirmation, opened here from the document's own Confirm.
    if (confirmable) {
      await page.getByTestId('action-confirm').click();
      await page.locator('.ant-modal-footer .ant-btn >> visible=true').first().waitFor();
      await dialogSettled(page);
      expect(await smallest('.ant-modal-footer .ant-btn')).toBeGreaterThanOrEqual(THUMB);
      await page.locator('.ant-modal-footer .ant-btn:visible', { hasText: 'Cancel' }).click();
      await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    try {
      expect(Math.max(...(await sizes('[data-testid="tag"]', 'height')))).toBeLessThan(THUMB);
      expect(Math.max(...(await sizes('.ant-page-header-heading-extra .ant-btn', 'height')))).toBeLessThan(THUMB);
    } finally {
      await page.setViewportSize({ width: WIDTH, height: 844 });
    }
    // The scan screen, held in one hand.
    if (granted.has(pageByName('scan')!.permission)) {
      await open(page, quiet, pageByName('scan')!.path);
      expect(
        await smallest('.scan-screen .ant-btn, .scan-screen input, .scan-screen .ant-segmented-item'),
      ).toBeGreaterThanOrEqual(THUMB);
    }
  });
});
