import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resources } from '../../resources';
import { pages } from '../../resources/pages';
import { buttonPermission, isEditable, recordScreenPath, screenPaths } from '../../src/domain/resource';
import { PROFILE_PATH } from '../../src/web/layout/route-meta';
import { startApp } from '../helpers/app-server';
import { openBrowser } from '../helpers/browser';
import { httpApi } from '../helpers/http-api';
import { until } from '../helpers/until';
import { animationsSettled, dialogSettled, navigateInApp } from './support';

/**
 * Issue 44, "Readable by every eye" (WCAG 2.2 AA), in Chromium at 1440 px on the demo data: axe-core
 * finds no serious or critical problem, and each screen has one main landmark and one h1, its title.
 *
 * What is checked: every route the app declares (each resource's list, add form, a record's detail
 * and an edit form, each hand-written page, the profile, the error pages) as an admin, and every
 * list and page of a cargo owner, in English; and the login page, the key screens (the
 * dashboard, a list, a form, an order's detail, an outbound's detail with its action dialog, the
 * scan screen with a document, a webhook's detail) and the import dialog and settings panel in all
 * four languages. Every route in every language would take four times as long for little more:
 * colours, landmarks and headings do not change with the language, and the key screens hold every
 * kind of element the generated pages are made of.
 *
 * axe-core runs in the page itself, put there once per document: the screens after the login are
 * reached by the app's own navigation, as a user clicks through them.
 */
type Rec = Record<string, unknown> & { id: number };

const LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;

/** The records a hand-written page's `:id` names: its declaration does not say. */
const PAGE_RECORDS: Record<string, string> = { orderSuccess: 'orders', billPrint: 'bills' };

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

const { ok: api, login } = httpApi(() => app.url);

const rowsOf = async (token: string, path: string) => (await api<{ rows: Rec[] }>('GET', path, token)).rows;

/**
 * Whether the screen of the current URL has drawn what it loaded, or what keeps it from it: not in
 * front yet, a request the progress bar counts, a spinner or skeleton, a table with neither rows
 * nor its empty state, web fonts still loading.
 */
const drawn = (tellWhy: boolean) => {
  const visible = (selector: string) =>
    [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => el.checkVisibility());
  // The login and error pages stand alone; every other screen is a page of the workspace's frame.
  const framed = !['/login', '/404', '/401'].includes(location.pathname);
  const unsettled = [
    visible('main').length === 0 && 'no main',
    // A page is drawn once it shows something: its access check first renders nothing at all.
    framed &&
      !visible(`[data-page="${CSS.escape(location.pathname)}"]`).some((el) => el.innerText.trim()) &&
      'not in front',
    document.querySelector('[data-testid="global-loading"][aria-hidden="false"]') && 'loading',
    visible('.ant-spin-spinning, .ant-skeleton-active').length > 0 && 'spinning',
    visible('.ant-table').some((table) => !table.querySelector('tr.ant-table-row, .ant-table-placeholder')) &&
      'table not drawn',
    document.fonts.status !== 'loaded' && 'fonts',
  ].filter(Boolean);
  return tellWhy ? unsettled : unsettled.length === 0;
};

/** Waits until the screen has drawn what it loaded and nothing moves; what still kept it, when it never did. */
const settled = async () => {
  try {
    await page.waitForFunction(drawn, false, { timeout: 20_000 });
  } catch {
    throw new Error(`not settled: ${String(await page.evaluate(drawn, true))}`);
  }
  await animationsSettled(page);
};

const findings: string[] = [];

type Violation = { rule: string; nodes: string[] };

/** axe-core's serious and critical problems on the document, or within `scope`. */
const audit = (scope: string | undefined) =>
  page.evaluate(async (within): Promise<Violation[]> => {
    type Axe = { run(context: Document | string, options: object): Promise<AxeResults> };
    const { axe } = window as unknown as { axe: Axe };
    const { violations } = await axe.run(within ?? document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: `${v.impact} ${v.id}`,
        nodes: v.nodes.map((n) => `${n.html.slice(0, 120)} (${n.failureSummary?.replace(/\s+/g, ' ').trim()})`),
      }));
  }, scope);

/** The h1s and main landmarks shown. */
const structure = () =>
  page.evaluate(() => {
    const shown = (selector: string) => [...document.querySelectorAll(selector)].filter((el) => el.checkVisibility());
    return { h1: shown('h1').length, main: shown('main, [role="main"]').length };
  });

/**
 * Runs axe-core on the whole document, or on the page alone (`main`, where its dialogs open too);
 * notes each serious or critical problem, and a screen without exactly one h1 and one main. A
 * screen that began loading again meanwhile (a dashboard choosing its customer once drawn) is
 * checked again once it has settled.
 */
const check = async (screen: string, whole = true) => {
  let shown: Awaited<ReturnType<typeof structure>>;
  let violations: Violation[];
  do {
    try {
      await settled();
    } catch (err) {
      findings.push(`${screen}: ${(err as Error).message}`);
      return;
    }
    shown = await structure();
    violations = await audit(whole ? undefined : 'main');
  } while (!(await page.evaluate(drawn, false)));
  for (const v of violations)
    findings.push(`${screen}: ${v.rule} on ${v.nodes.length}: ${v.nodes.slice(0, 3).join('; ')}`);
  if (shown.h1 !== 1) findings.push(`${screen}: ${shown.h1} h1`);
  if (shown.main !== 1) findings.push(`${screen}: ${shown.main} main landmarks`);
};

/** Loads a path as a new document, axe-core put into it. */
const load = async (path: string) => {
  await page.goto(`${app.url}${path}`);
  await page.evaluate(AXE);
};

const navigate = (path: string) => navigateInApp(page, path);

/**
 * Signs in through the login page, checked on the way, in a language and with the tabs view on or
 * off (the settings panel's switch, kept in the browser: read when the app loads).
 */
const signInAs = async (username: string, password: string, lang: string, tagsView: boolean) => {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'language', value: lang, url: app.url }]);
  await page.goto(`${app.url}/login`);
  await page.evaluate((on) => localStorage.setItem('layout-settings', JSON.stringify({ tagsView: on })), tagsView);
  await load('/login');
  await check(`${lang} login`);
  // By the fields' purpose: their labels are in the language being checked.
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname !== '/login');
};

/**
 * The screens a user may open, by resource: its list and, with `forms`, its add form, a record's
 * detail and an editable record's edit form; then the hand-written pages and the profile.
 */
const screensOf = async (token: string, forms: boolean) => {
  const info = await api<{ resources: { name: string }[] }>('POST', '/system/users/getInfo', token);
  const granted = new Set(info.resources.map((r) => r.name));
  const paths: string[] = [];
  for (const def of resources.filter((r) => granted.has(r.permission))) {
    const screens = screenPaths(def);
    const rows = forms ? await rowsOf(token, `${def.api}?pageSize=100`) : [];
    const editable = rows.find((r) => isEditable(def, r));
    const may = (action: 'create' | 'edit') =>
      forms && def.actions.includes(action) && granted.has(buttonPermission(def, action));
    paths.push(
      screens.list,
      ...(may('create') ? [screens.create] : []),
      ...rows.slice(0, 1).map((r) => recordScreenPath(def, 'show', r.id)),
      ...(may('edit') && editable ? [recordScreenPath(def, 'edit', editable.id)] : []),
    );
  }
  for (const p of pages.filter((x) => granted.has(x.permission))) {
    if (!p.path.includes(':id')) paths.push(p.path);
    else {
      const def = resources.find((r) => r.name === PAGE_RECORDS[p.name])!;
      const [record] = await rowsOf(token, def.api);
      if (record) paths.push(p.path.replace(':id', String(record.id)));
    }
  }
  return [...paths, PROFILE_PATH];
};

let admin: string;
let shipper: string;
/** Records of the key screens: an order, a webhook, an outbound awaiting the warehouse. */
const key = { order: 0, webhook: 0, outbound: 0 };

beforeAll(async () => {
  // The webhook below calls this same app, a private address: allowed for this test only.
  process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
  app = await startApp({ activity: true });
  admin = await login('admin', 'admin123');
  shipper = await login('shipper', 'shipper123');
  // The demo has no webhook, API key or attachment: one of each, and a delivery to a path this
  // app refuses, so the delivery log has a row.
  key.webhook = (
    await api<Rec>('POST', '/system/webhooks', admin, { url: `${app.url}/hook-for-a11y`, events: ['port.created'] })
  ).id;
  const [organization] = await rowsOf(admin, '/organizations?pageSize=1');
  await api('POST', '/system/apiKeys', admin, { name: 'Accessibility', organizationId: organization.id });
  const [shipment] = await rowsOf(admin, '/shipments?pageSize=1');
  await api('POST', '/attachments', admin, {
    shipmentId: shipment.id,
    attachmentType: 1,
    name: 'BL.pdf',
    path: 'shipments/202611/00000000-0000-0000-0000-000000000000.pdf',
  });
  const [country] = await rowsOf(admin, '/config/countries?pageSize=1');
  await api('POST', '/config/ports', admin, {
    code: 'ZZACC',
    countryId: country.id,
    nameCn: '无障碍港',
    nameEn: 'Accessibility port',
    status: 1,
  });
  await until(
    () => rowsOf(admin, '/system/webhookAttempts'),
    (rows) => rows.length > 0,
  );
  key.order = (await rowsOf(admin, '/orders?pageSize=1'))[0].id;
  key.outbound = (await rowsOf(admin, '/inventory/outbounds?status=3&pageSize=1'))[0].id;
  // The cart and checkout show their lines only with something in the cart.
  const [product] = await rowsOf(shipper, '/orders/products?pageSize=1');
  await api('POST', '/orders/cart', shipper, { skuId: product.skuId, warehouseId: product.warehouseId, pieces: 1 });
  browser = await openBrowser({ width: 1440, height: 900 });
  page = browser.page;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

describe('readable by every eye (WCAG 2.2 AA)', () => {
  // A cargo owner's generated forms and details are an admin's, with fewer buttons: their lists
  // (other columns and filters) and their own pages are what an admin does not see. The frame
  // (menu, header, tabs) is the same on every screen and checked with the key screens below: here
  // axe-core checks the page alone, without the tabs view, whose tabs would pile up screen after screen.
  it.for([
    ['admin', 'admin123', true],
    ['shipper', 'shipper123', false],
  ] as const)(
    'has no serious or critical problem on any screen of %s, in English',
    { timeout: 900_000 },
    async ([username, password, forms]) => {
      await signInAs(username, password, 'en', false);
      for (const path of await screensOf(username === 'admin' ? admin : shipper, forms)) {
        await navigate(path);
        await check(`${username} ${path}`, false);
      }
      for (const path of ['/404', '/401']) {
        await load(path);
        await check(`${username} ${path}`);
      }
      expect(findings.splice(0)).toEqual([]);
    },
  );

  it.for(LANGUAGES)(
    'has none on the login page, the key screens and dialogs in %s',
    { timeout: 300_000 },
    async (lang) => {
      await signInAs('admin', 'admin123', lang, true);
      for (const path of [
        '/dashboard',
        '/inventories/inbounds',
        '/inventories/addInbound',
        `/orders/${key.order}`,
        `/inventories/outbounds/${key.outbound}`,
        `/inventories/scan?outbound=${key.outbound}`,
        `/system/webhooks/${key.webhook}`,
      ]) {
        await navigate(path);
        await check(`${lang} ${path}`);
      }

      await navigate(`/inventories/outbounds/${key.outbound}`);
      await settled();
      await page.getByTestId('action-confirm').filter({ visible: true }).click();
      await page.getByRole('dialog').filter({ visible: true }).waitFor();
      await dialogSettled(page);
      await check(`${lang} outbound's confirm dialog`);
      await page.keyboard.press('Escape');

      await navigate('/partners');
      await settled();
      await page.getByTestId('import-button').filter({ visible: true }).click();
      await page.getByRole('dialog').filter({ visible: true }).waitFor();
      await dialogSettled(page);
      await check(`${lang} import dialog`);
      await page.keyboard.press('Escape');

      await page.getByTestId('settings-button').click();
      await page.getByTestId('settings-panel').waitFor();
      await check(`${lang} settings panel`);
      expect(findings.splice(0)).toEqual([]);
    },
  );

  // WCAG 2.3.3: the browser here asks for less motion, as every browser test's does (browser.ts).
  it('moves nothing for a person who asked their system for less motion, and animates for the others', async () => {
    await signInAs('admin', 'admin123', 'en', false);
    await navigate('/partners');
    await settled();
    const button = page.getByTestId('import-button').filter({ visible: true });
    const duration = () => button.evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(await duration()).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    try {
      // antd's motion back on: its buttons ease their colours again.
      await expect.poll(duration).not.toBe('0s');
    } finally {
      await page.emulateMedia({ reducedMotion: 'reduce' });
    }
    await expect.poll(duration).toBe('0s');
    await button.click();
    const dialog = page.getByRole('dialog').filter({ visible: true });
    await dialog.waitFor();
    expect(await page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter').count()).toBe(0);
    expect(await dialog.evaluate(() => document.getAnimations().length)).toBe(0);
    await page.keyboard.press('Escape');
  });
});
