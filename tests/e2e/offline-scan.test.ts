import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { announcedInbound } from '../helpers/demo';
import { httpApi } from '../helpers/http-api';
import { goodsToScan, scanCode, type Goods } from './scanner';
import { shot, signedInSession } from './support';

type Json = Record<string, any>;

/**
 * Issue 41 in Chromium at a phone's size: scans taken with no network wait in the device's log,
 * survive a reload with no network (the service worker opens the app, the log is in IndexedDB),
 * and are counted exactly once when the network is back, even when the server's answers are lost
 * after it counted them.
 */
describe('scanning through a dead spot on a phone', () => {
  let page: Page;
  let url: string;
  signedInSession({ width: 390, height: 844 }, (session) => ({ page, url } = session));
  let token: string;
  let goods: Goods<'a' | 'b'>;

  const http = httpApi(() => url);
  const api = (method: string, path: string, body?: unknown) => http.ok<Json>(method, path, token, body);
  /** 30 of the first SKU and 20 of the second: 50 scans. */
  const container = () =>
    http.inbound(
      token,
      announcedInbound({
        organizationId: goods.org,
        warehouseId: goods.warehouse,
        products: [
          { skuId: goods.skus.a, pieces: 30, pallets: 1 },
          { skuId: goods.skus.b, pieces: 20, pallets: 1 },
        ],
      }),
    );
  const onServer = async (inboundId: number) => {
    const answer = await api('GET', `/inventory/inbounds/${inboundId}/scans`);
    return { total: answer.total, lines: answer.lines.map((l: Json) => [l.skuId, l.scanned]) };
  };

  const scan = (code: string) => scanCode(page, code);
  const scanFifty = async () => {
    for (let i = 0; i < 30; i++) await scan('DEAD-SPOT-A');
    for (let i = 0; i < 20; i++) await scan('DEAD-SPOT-B');
  };
  const scannedOnScreen = async () => [
    Number(await page.getByTestId(`scan-line-${goods.skus.a}`).getAttribute('data-scanned')),
    Number(await page.getByTestId(`scan-line-${goods.skus.b}`).getAttribute('data-scanned')),
  ];
  const status = (on: Page) => on.getByTestId('scan-send-status');

  /** How many of the scan screen's reads the service worker keeps: the session, the counts, the linked document. */
  const cachedForOffline = (inboundId: number) =>
    page.evaluate(async (id) => {
      const kept = async (cache: string, path: RegExp) =>
        (await (await caches.open(cache)).keys()).filter((r) =>
          path.test(new URL(r.url).pathname + new URL(r.url).search),
        ).length;
      return {
        session: await kept('session', /getInfo/),
        scans: await kept('scan-data', new RegExp(`/inbounds/${id}/scans`)),
        linked: await kept('scan-data', new RegExp(`id_in=${id}`)),
      };
    }, inboundId);

  beforeAll(async () => {
    token = await http.login('admin');
    goods = await goodsToScan(http, token, {
      a: ['Dead spot speaker', 'DEAD-SPOT-A'],
      b: ['Dead spot cable', 'DEAD-SPOT-B'],
    });
  });

  it('keeps 50 scans taken offline through a reload with no network, and counts them once when it is back', async () => {
    const doc = await container();
    await page.goto(`${url}/inventories/scan?inbound=${doc.id}`);
    await page.getByTestId(`scan-line-${goods.skus.a}`).waitFor();
    // One visit: the scan screen installs the service worker, which then reads the session, the
    // awaiting documents and the counts again, for the next start.
    await expect.poll(() => cachedForOffline(doc.id), { timeout: 30_000 }).toEqual({ session: 1, scans: 1, linked: 1 });

    await page.context().setOffline(true);
    await scanFifty();
    await expect.poll(() => status(page).innerText()).toBe('Offline: 50 scans waiting');
    expect(await scannedOnScreen()).toEqual([30, 20]);
    expect((await onServer(doc.id)).total).toBe(0);

    await page.reload();
    await page.getByTestId(`scan-line-${goods.skus.a}`).waitFor();
    await expect.poll(() => scannedOnScreen()).toEqual([30, 20]);
    expect(await status(page).innerText()).toBe('Offline: 50 scans waiting');
    await shot(page, 'scan-offline');

    await page.context().setOffline(false);
    await expect
      .poll(() => onServer(doc.id), { timeout: 5_000 })
      .toEqual({
        total: 50,
        lines: [
          [goods.skus.a, 30],
          [goods.skus.b, 20],
        ],
      });
    await status(page).waitFor({ state: 'detached' });
    expect(await scannedOnScreen()).toEqual([30, 20]);
  });

  it('counts 50 scans once though the answers to the first batches were lost after the server counted them', async () => {
    const doc = await container();
    let dropped = 0;
    await page.route(`**/api/1.0/inventory/inbounds/${doc.id}/scans`, async (route) => {
      if (route.request().method() !== 'POST' || dropped === 3) return route.continue();
      // The server counts the batch; its answer never reaches the phone.
      await route.fetch();
      dropped++;
      await route.abort('connectionreset');
    });
    try {
      await page.goto(`${url}/inventories/scan?inbound=${doc.id}`);
      await page.getByTestId(`scan-line-${goods.skus.a}`).waitFor();
      await scanFifty();
      await expect
        .poll(() => onServer(doc.id), { timeout: 40_000 })
        .toEqual({
          total: 50,
          lines: [
            [goods.skus.a, 30],
            [goods.skus.b, 20],
          ],
        });
      expect(dropped).toBe(3);
      await status(page).waitFor({ state: 'detached' });
      expect(await scannedOnScreen()).toEqual([30, 20]);
    } finally {
      await page.unroute(`**/api/1.0/inventory/inbounds/${doc.id}/scans`);
    }
  });
});
