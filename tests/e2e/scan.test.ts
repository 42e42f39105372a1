import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { fakeCameraVideo } from '../helpers/fake-camera';
import { dialogSettled, shot, signedInSession, signIn } from './support';

type Json = Record<string, any>;

/**
 * Issue 28 in Chromium at a phone's size: receiving an inbound and picking an outbound with a
 * keyboard-wedge scanner (text typed into the page, then Enter), wrong codes refused, and the
 * stock and change logs what the desktop workflow writes.
 */
describe('receive and pick by scanning on a phone', () => {
  const session = signedInSession({ width: 390, height: 844 });
  let page: Page;
  let url: string;
  let token: string;
  let org: number;
  let warehouse: number;
  let skus: { a: number; b: number; other: number };

  const api = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const response = await fetch(`${url}/api/1.0${path}`, {
      method,
      headers: { authorization: token, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Json;
    if (answer.code !== 20000) throw new Error(`${method} ${path}: ${answer.message}`);
    return answer.data;
  };

  const inbound = async (lines: { skuId: number; pieces: number }[]) => {
    const doc = await api('POST', '/inventory/inbounds', {
      organizationId: org,
      warehouseId: warehouse,
      inboundType: 1,
      blNo: 'COSU6312345670',
      etd: '2026-10-01',
      eta: '2026-11-01',
      plannedInboundDate: '2026-11-05',
      products: lines.map((l) => ({ ...l, pallets: 1 })),
    });
    await api('POST', `/inventory/inbounds/${doc.id}/submit`, {});
    return doc as { id: number; orderNo: string };
  };

  /** What a confirmed inbound wrote, without the ids that differ between two documents. */
  const written = async (inboundId: number) => ({
    lots: (await api('GET', `/inventory/lots?inboundId=${inboundId}&sort=id`)).rows.map((l: Json) => ({
      skuId: l.skuId,
      inboundDate: l.inboundDate,
      piecesIn: l.piecesIn,
      palletsIn: l.palletsIn,
      pieces: l.pieces,
    })),
    logs: (await api('GET', `/inventory/changeLogs?inboundId=${inboundId}&sort=id`)).rows.map((l: Json) => ({
      skuId: l.skuId,
      changeType: l.changeType,
      pieces: l.pieces,
      pallets: l.pallets,
    })),
  });

  /** A hardware scanner: keys into whatever has the focus, then Enter. */
  const scan = async (code: string) => {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  };
  const result = () => page.getByTestId('scan-result');
  const expectResult = async (outcome: string, text: string | RegExp) => {
    await expect.poll(() => result().getAttribute('data-outcome')).toBe(outcome);
    await expect.poll(() => result().innerText()).toMatch(text);
  };

  /** The scanner screen's confirm: the dialog offers the warehouse's today, which is kept. */
  const confirmOnScreen = async () => {
    await page.getByTestId('scan-confirm').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialogSettled(page);
    await expect.poll(() => dialog.locator('.ant-picker input').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const date = await dialog.locator('.ant-picker input').inputValue();
    await dialog.locator('.ant-btn-primary').click();
    await dialog.waitFor({ state: 'hidden' });
    return date;
  };

  beforeAll(async () => {
    page = session.page();
    url = session.url();
    const login = await fetch(`${url}/api/1.0/system/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const { data } = (await login.json()) as Json;
    token = `${data.token_type} ${data.access_token}`;
    warehouse = (await api('GET', '/config/warehouses?shortName=LAX-ONT')).rows[0].id;
    const product = (await api('GET', '/products?pageSize=1&sort=id')).rows[0];
    org = product.organizationId;
    const sku = async (title: string, barcode: string) =>
      (
        await api('POST', '/products/skus', {
          productId: product.id,
          title,
          barcode,
          quantity: 1,
          quantityUnit: 1,
          packingType: 1,
          unitPrice: 1,
          currency: 1,
          priceType: 1,
        })
      ).id as number;
    skus = {
      a: await sku('Scan speaker', '4006381333931'),
      b: await sku('Scan cable', 'CASE-B'),
      other: await sku('Scan lamp', 'LAMP-9'),
    };
  });

  it('receives an inbound by scanning, refuses a SKU not on it, and writes what the desktop confirm writes', async () => {
    const lines = [
      { skuId: skus.a, pieces: 3 },
      { skuId: skus.b, pieces: 2 },
    ];
    const scanned = await inbound(lines);
    const desktop = await inbound(lines);
    await page.goto(`${url}/inventories/scan`);
    await page.getByTestId('scan-code').waitFor();
    await scan(scanned.orderNo.toLowerCase());
    await expect.poll(() => page.getByTestId('scan-document').innerText()).toContain(scanned.orderNo);

    await scan('LAMP-9');
    await expectResult('error', `Scan lamp is not on inbound ${scanned.orderNo}`);
    await scan('NOPE-1');
    await expectResult('error', 'No SKU of this organization has barcode NOPE-1');
    for (let i = 0; i < 3; i++) await scan('4006381333931');
    await expectResult('ok', 'Scan speaker: 3 of 3');
    for (let i = 0; i < 3; i++) await scan('CASE-B');
    await expectResult('warn', 'Scan cable: 3 scanned, more than the 2 expected');
    expect(await page.getByTestId('scan-confirm').isDisabled()).toBe(true);
    const count = page.getByTestId(`scan-line-${skus.b}`).locator('input');
    await count.fill('2');
    await expect.poll(() => page.getByTestId(`scan-line-${skus.b}`).getAttribute('data-scanned')).toBe('2');
    await shot(page, 'scan-receive');
    const date = await confirmOnScreen();
    await expectResult('ok', 'Confirmed');

    await api('POST', `/inventory/inbounds/${desktop.id}/confirm`, { inboundDate: date });
    expect((await api('GET', `/inventory/inbounds/${scanned.id}`)).status).toBe(6);
    const [byScan, byDesk] = [await written(scanned.id), await written(desktop.id)];
    expect(byScan.lots).toHaveLength(2);
    expect(byScan).toEqual(byDesk);
  });

  it('picks an outbound by its lot labels in FIFO order, refuses a wrong lot naming the right one, and confirms', async () => {
    const lotsOf = async (skuId: number) =>
      (await api('GET', `/inventory/lots?skuId=${skuId}&warehouseId=${warehouse}&sort=inboundDate,id`)).rows;
    const [first, second] = await lotsOf(skus.a);
    const [cableLot] = await lotsOf(skus.b);
    const stockBefore = (await api('GET', `/inventory/products?skuId=${skus.a}&warehouseId=${warehouse}`)).rows[0];
    const doc = await api('POST', '/inventory/outbounds', {
      organizationId: org,
      warehouseId: warehouse,
      outboundType: 1,
      requestDate: '2026-11-20',
      notifier: 'Tom',
      products: [{ skuId: skus.a, pieces: 4 }],
    });
    await api('POST', `/inventory/outbounds/${doc.id}/submit`, {});

    await page.goto(`${url}/inventories/scan?mode=pick`);
    await page.getByTestId('scan-code').waitFor();
    await scan(doc.orderNo);
    await page.getByTestId(`scan-pick-L${first.id}`).waitFor();
    await page.getByTestId(`scan-pick-L${second.id}`).waitFor();

    await scan(`L${cableLot.id}`);
    await expectResult('error', `Lot L${cableLot.id} is not to be taken: take L${first.id} (Scan speaker`);
    await scan('4006381333931');
    await expectResult('error', 'is not a lot label');
    await scan(`L${first.id}`);
    await expectResult('ok', `L${first.id}`);
    await scan(`L${first.id}`);
    await expectResult('warn', 'already scanned');
    expect(await page.getByTestId('scan-confirm').isDisabled()).toBe(true);
    await scan(`l${second.id}`);
    await expect.poll(() => page.getByTestId('scan-open').innerText()).toBe('All takes scanned.');
    await shot(page, 'scan-pick');
    await confirmOnScreen();
    await expectResult('ok', 'Confirmed');

    expect((await api('GET', `/inventory/outbounds/${doc.id}`)).status).toBe(6);
    const takes = (await api('GET', `/inventory/outbounds/${doc.id}/takes`)).rows;
    expect(takes.map((t: Json) => [t.lotId, t.pieces])).toEqual([
      [first.id, 3],
      [second.id, 1],
    ]);
    const stockAfter = (await api('GET', `/inventory/products?skuId=${skus.a}&warehouseId=${warehouse}`)).rows[0];
    expect(stockAfter.pieces).toBe(stockBefore.pieces - 4);
    const logs = (await api('GET', `/inventory/changeLogs?outboundId=${doc.id}&sort=id`)).rows;
    expect(logs.map((l: Json) => [l.lotId, l.pieces])).toEqual([
      [first.id, -3],
      [second.id, -1],
    ]);
  });

  it("counts a SKU read by the phone's camera (Chromium's fake camera playing a shipped label image)", async () => {
    const doc = await inbound([{ skuId: skus.a, pieces: 5 }]);
    const dir = mkdtempSync(join(tmpdir(), 'e2e-camera-'));
    const video = join(dir, 'label.y4m');
    fakeCameraVideo(join(__dirname, '../fixtures/labels/sku-4006381333931.png'), video);
    const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
      viewport: { width: 390, height: 844 },
    });
    try {
      const phone = context.pages()[0] ?? (await context.newPage());
      await phone.goto(`${url}/login`);
      await signIn(phone);
      await phone.waitForURL((u) => u.pathname !== '/login');
      await phone.goto(`${url}/inventories/scan?inbound=${doc.id}`);
      await expect.poll(() => phone.getByTestId('scan-document').innerText()).toContain(doc.orderNo);
      await phone.getByTestId('scan-camera').click();
      await phone.getByTestId('scan-video').waitFor();
      await expect
        .poll(async () => Number(await phone.getByTestId(`scan-line-${skus.a}`).getAttribute('data-scanned')), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      await expect.poll(() => phone.getByTestId('scan-result').innerText()).toContain('Scan speaker');
      await shot(phone, 'scan-camera');
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
