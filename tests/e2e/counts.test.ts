import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resourceByName } from '../../resources/index';
import { recordScreenPath } from '../../src/domain/resource';
import { openBrowser } from '../helpers/browser';
import { announcedInbound } from '../helpers/demo';
import { httpApi } from '../helpers/http-api';
import { goodsToScan } from './scanner';
import { browserSession, dialogSettled, shot, signIn } from './support';

type Json = Record<string, any>;

/**
 * Issue 42 in Chromium: a counter on a phone counts a lot of a cycle count blind (the screen and
 * the server's answers never give the pieces expected), types a recount and submits; a supervisor
 * at the desk approves, and the lot holds what was counted, with a change log of the count.
 */
describe('a cycle count counted blind on a phone and approved at the desk', () => {
  let page: Page;
  let url: string;
  browserSession({ width: 390, height: 844 }, (session) => ({ page, url } = session));
  const http = httpApi(() => url);

  it('counts 9 of 10 pieces without seeing 10, and the approval leaves 9', async () => {
    const admin = await http.login('admin');
    const api = (method: string, path: string, body?: unknown) => http.ok<Json>(method, path, admin, body);
    const { warehouse, org, skus } = await goodsToScan(http, admin, { kettle: ['Count kettle'] });
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await http.inbound(
      admin,
      announcedInbound({
        organizationId: org,
        warehouseId: warehouse,
        products: [{ skuId: skus.kettle, pieces: 10, pallets: 1 }],
      }),
      day,
    );
    const [lot] = (await api('GET', `/inventory/lots?skuId=${skus.kettle}&warehouseId=${warehouse}`)).rows;
    const count = await api('POST', '/inventory/counts', {
      warehouseId: warehouse,
      organizationId: org,
      skuIds: [skus.kettle],
    });
    await api('POST', `/inventory/counts/${count.id}/start`, {});

    // A warehouse counter of every customer's lots: may count and submit, not see what is expected.
    const role = await api('POST', '/system/roles', { name: 'counter' });
    await api('PUT', `/system/roles/${role.id}/resources`, {
      resources: [
        'inventories',
        'inventories.inbounds.confirm',
        'inventories.counts',
        'inventories.counts.count',
        'inventories.counts.submit',
        'data.allOrganizations',
      ],
    });
    await api('POST', '/system/users', {
      username: 'counter1',
      name: 'Counter One',
      status: 1,
      roles: ['counter'],
      password: 'counter123',
    });
    await page.goto(`${url}/login`);
    await signIn(page, 'counter1', 'counter123');
    await page.waitForURL((u) => u.pathname !== '/login');

    await page.goto(`${url}/inventories/scan?count=${count.id}`);
    await expect.poll(() => page.getByTestId('scan-document').innerText()).toContain(count.countNo);
    const line = page.getByTestId(`count-line-${lot.id}`);
    await line.waitFor();
    expect(await line.getAttribute('data-counted')).toBe('');
    // Four scans of a carton of two: the screen tells the count at once, the server counts it once each.
    await page.getByTestId('scan-pieces').fill('2');
    await page.getByTestId('scan-pieces').press('Enter');
    for (let i = 0; i < 4; i++) {
      await page.keyboard.type(`L${lot.id}`);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.getByTestId('scan-result').innerText()).toContain(`Lot L${lot.id}: 8 counted`);
    await expect.poll(() => line.getAttribute('data-counted')).toBe('8');
    // A recount typed over it.
    await page.getByTestId(`count-type-${lot.id}`).fill('9');
    await page.getByTestId(`count-set-${lot.id}`).click();
    await expect.poll(() => line.getAttribute('data-counted')).toBe('9');
    expect(await page.locator('.scan-screen').innerText()).not.toMatch(/expected/i);
    const asCounter = await http.login('counter1', 'counter123');
    const lines = await http.ok<Json>('GET', `/inventory/counts/${count.id}/lines`, asCounter);
    expect(lines.rows.map((l: Json) => [l.lotId, l.counted, l.expected])).toEqual([[lot.id, 9, null]]);
    await shot(page, 'count-blind');

    await page.getByTestId('scan-confirm').click();
    await dialogSettled(page);
    await page.locator('.ant-modal .ant-btn-primary').click();
    await expect
      .poll(() => page.getByTestId('scan-result').innerText())
      .toContain(`${count.countNo} submitted for approval`);

    // The supervisor compares and approves at the desk.
    const desk = await openBrowser();
    try {
      await desk.page.goto(`${url}/login`);
      await signIn(desk.page, 'admin', 'admin123');
      await desk.page.waitForURL((u) => u.pathname !== '/login');
      await desk.page.goto(`${url}${recordScreenPath(resourceByName('counts')!, 'show', count.id)}`);
      await desk.page.getByTestId('action-approve').click();
      await dialogSettled(desk.page);
      await desk.page.getByTestId('confirm-ok').click();
      await desk.page.getByTestId('counts-detail').getByText('Done', { exact: true }).first().waitFor();
      await shot(desk.page, 'count-approved');
    } finally {
      await desk.close();
    }
    expect((await api('GET', `/inventory/lots/${lot.id}`)).pieces).toBe(9);
    const logs = (await api('GET', `/inventory/changeLogs?lotId=${lot.id}&sort=id`)).rows;
    expect(logs.at(-1)).toMatchObject({ changeType: 8, pieces: -1, countId: count.id });
  });
});
