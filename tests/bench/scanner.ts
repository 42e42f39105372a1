import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { openBrowser } from '../helpers/browser';
import { announcedInbound, pieceSku } from '../helpers/demo';
import { fakeCameraVideo } from '../helpers/fake-camera';
import { httpApi } from '../helpers/http-api';
import { kb, scriptCounter, type Script } from './browser';

/**
 * The scanner screen (issue 28) in Chromium at a phone's size, apart from the main app's figures:
 * the JS it loads beyond the app's first load, the JS and wasm its camera reader adds, and the time
 * from a camera frame showing a code to the scanned line's count changing. The camera is
 * Chromium's fake one playing a shipped label that comes into view and leaves again, so each
 * appearance is a new scan.
 */

const SCANS = 15;
const BARCODE = '4006381333931';
// At 10 frames a second: out of view longer than the screen takes for the same label still held
// in front of the lens (1.5 s), then in view long enough for several reads (one each 120 ms).
const BLANK_FRAMES = 20;
const CODE_FRAMES = 10;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const total = (files: Script[]) => files.reduce((s, f) => s + f.bytes, 0);
const listed = (files: Script[]) => {
  if (process.env.BENCH_VERBOSE) for (const f of files) console.log(`  ${f.name} ${kb(f.bytes)}`);
  return `${kb(total(files))} in ${files.length} files`;
};

/** A looping Y4M: white frames, then the label's frames (one frame of the helper's video, repeated). */
function comingAndGoing(png: string, y4m: string) {
  fakeCameraVideo(png, y4m);
  const still = readFileSync(y4m);
  const headerEnd = still.indexOf('\n') + 1;
  const frame = still.subarray(headerEnd + 'FRAME\n'.length);
  const blank = Buffer.from(frame);
  const lumaBytes = (blank.length * 2) / 3;
  blank.fill(255, 0, lumaBytes).fill(128, lumaBytes);
  const marker = Buffer.from('FRAME\n');
  writeFileSync(
    y4m,
    Buffer.concat([
      still.subarray(0, headerEnd),
      ...Array.from({ length: BLANK_FRAMES }, () => [marker, blank]).flat(),
      ...Array.from({ length: CODE_FRAMES }, () => [marker, frame]).flat(),
    ]),
  );
}

/**
 * In the page: on each video frame (requestVideoFrameCallback), whether it shows dark marks, so
 * the moment a label comes into view is known from the frames themselves; each change of a scanned
 * line's count is then timed from the last such moment not yet counted. As text: tsx names the
 * functions it compiles with a helper the page lacks.
 */
const LATENCY_PROBE = `(() => {
  window.__scanLatencies = [];
  let shownAt;
  const watch = (video) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    let showing = false;
    const onFrame = (now, frame) => {
      context.drawImage(video, 0, 0, 64, 48);
      const { data } = context.getImageData(0, 0, 64, 48);
      let dark = false;
      for (let i = 0; i < data.length && !dark; i += 4) dark = data[i] < 200;
      if (dark && !showing) shownAt = frame.presentationTime;
      showing = dark;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (shownAt === undefined) continue;
        window.__scanLatencies.push(performance.now() - shownAt);
        shownAt = undefined;
      } else
        for (const node of record.addedNodes) {
          if (node.nodeType !== 1) continue;
          const video = node.matches('video') ? node : node.querySelector('video');
          if (video) watch(video);
        }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-scanned'] });
})()`;

/**
 * In the page: from the Enter that hands a typed code over (the key event's own time) to the task
 * after the frame that shows the scan's feedback changed. As text, like the probe above.
 */
const FEEDBACK_PROBE = `(() => {
  window.__feedback = [];
  let pressedAt;
  let last = '';
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') pressedAt = event.timeStamp;
  }, { capture: true });
  new MutationObserver(() => {
    const shown = document.querySelector('[data-testid="scan-result"]');
    const text = shown ? shown.textContent : '';
    if (pressedAt === undefined || text === last) return;
    last = text;
    const start = pressedAt;
    pressedAt = undefined;
    requestAnimationFrame(() => setTimeout(() => window.__feedback.push(performance.now() - start)));
  }).observe(document, { childList: true, subtree: true, characterData: true });
})()`;

/** An awaiting inbound of a SKU carrying the label's barcode, made through the API. */
async function inboundToReceive(url: string) {
  const http = httpApi(url);
  const token = await http.login('admin');
  const call = (method: string, path: string, body?: unknown) => http.ok(method, path, token, body);
  const warehouse = (await call('GET', '/config/warehouses?shortName=LAX-ONT')).rows[0].id;
  const product = (await call('GET', '/products?pageSize=1&sort=id')).rows[0];
  const org = product.organizationId;
  // A database kept between runs (DATABASE_URL) has the SKU from the last one: barcodes are unique.
  const sku =
    (await call('GET', `/products/skus?organizationId=${org}&barcode=${BARCODE}`)).rows[0] ??
    (await call(
      'POST',
      '/products/skus',
      pieceSku({ productId: product.id, title: 'Bench speaker', barcode: BARCODE }),
    ));
  const products = [{ skuId: sku.id, pieces: 1000, pallets: 1 }];
  return http.inbound(token, announcedInbound({ organizationId: org, warehouseId: warehouse, products }));
}

export async function scannerBench(url: string, record: (name: string, value: string) => void) {
  if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium'))
    return record('scanner figures', 'skipped: no Chromium');
  const doc = await inboundToReceive(url);
  const dir = mkdtempSync(join(tmpdir(), 'bench-camera-'));
  const video = join(dir, 'label.y4m');
  comingAndGoing(join(import.meta.dirname, '../fixtures/labels', `sku-${BARCODE}.png`), video);
  const { context, page, close } = await openBrowser({ width: 390, height: 844, camera: video });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
    const counter = scriptCounter(cdp, (type, fileUrl) => type === 'Script' || fileUrl.endsWith('.wasm'));
    await page.addInitScript(LATENCY_PROBE);

    await page.goto(`${url}/login`);
    await page.getByPlaceholder('Username').fill('admin');
    await page.getByPlaceholder('Password').fill('admin123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/dashboard');

    // Opened cold with a session: what it loads beyond the app's own first load (the entry and its
    // modulepreloads, the main app's budget) is the screen's.
    const html = await (await fetch(`${url}/inventories/scan`)).text();
    const shell = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]));
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    counter.reset();
    await page.goto(`${url}/inventories/scan?inbound=${doc.id}`);
    await page.getByTestId('scan-document').filter({ hasText: doc.orderNo }).waitFor();
    await page.waitForLoadState('networkidle');
    const screen = counter.take().filter((f) => !shell.has(f.name));

    // The camera: what reading codes adds, the browser's own BarcodeDetector or the wasm reader.
    const native = await page.evaluate(() => 'BarcodeDetector' in window);
    const line = page.getByTestId(/^scan-line-/).first();
    await page.getByTestId('scan-camera').click();
    await page.waitForFunction((el) => Number(el?.getAttribute('data-scanned')) > 0, await line.elementHandle(), {
      timeout: 60_000,
      polling: 250,
    });
    await page.waitForLoadState('networkidle');
    const reader = counter.take();
    const wasm = reader.filter((f) => f.name.endsWith('.wasm'));
    const readerJs = reader.filter((f) => !wasm.includes(f));
    record("scanner screen cold load, signed in: JS beyond the app's first load (Chromium, gzip)", listed(screen));
    record(
      `scanner camera started: code reader it adds (${native ? 'native BarcodeDetector' : 'zxing-wasm polyfill'}, gzip)`,
      `${listed(readerJs)} JS + ${kb(total(wasm))} in ${wasm.length} wasm`,
    );
    record('scanner screen first load apart from the main app (JS + wasm)', kb(total(screen) + total(reader)));

    // The first scan also waited for the reader to load: the figure is the ones after it.
    await page.waitForFunction(
      (enough) => (window as unknown as { __scanLatencies: number[] }).__scanLatencies.length > enough,
      SCANS,
      { timeout: SCANS * 10_000, polling: 500 },
    );
    const latencies = ((await page.evaluate('window.__scanLatencies')) as number[]).slice(1, SCANS + 1);
    record(
      `camera frame showing a code to the scanned count changing (390 px, 640x480 camera), median / p95 of ${SCANS} scans`,
      `${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 95).toFixed(0)} ms (min ${Math.min(...latencies).toFixed(0)})`,
    );

    await feedbackFigures(page, cdp, `${url}/inventories/scan?inbound=${doc.id}`, doc.orderNo, record);
  } finally {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const TYPED_SCANS = 30;

/**
 * Issue 41: each scan's feedback comes from the device, whether the server answered or not: typed
 * scans (a keyboard-wedge scanner types so) with the CPU slowed four times, online and then offline.
 */
async function feedbackFigures(
  page: Page,
  cdp: CDPSession,
  screen: string,
  orderNo: string,
  record: (name: string, value: string) => void,
) {
  await page.addInitScript(FEEDBACK_PROBE);
  // Opened again: the camera stays off, and the probe is in the new document.
  await page.goto(screen);
  await page.getByTestId('scan-document').filter({ hasText: orderNo }).waitFor();
  await page
    .getByTestId(/^scan-line-/)
    .first()
    .waitFor();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const timed = async (label: string) => {
    await page.evaluate('window.__feedback = []');
    for (let i = 0; i < TYPED_SCANS; i++) {
      await page.keyboard.type(BARCODE);
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => (window as unknown as { __feedback: number[] }).__feedback.length > n, i);
    }
    const times = (await page.evaluate('window.__feedback')) as number[];
    record(
      `scan feedback, typed code to its feedback shown, CPU slowed 4x (390 px), ${label}, median / p95 of ${TYPED_SCANS}`,
      `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)} ms`,
    );
  };
  try {
    await timed('online');
    await page.context().setOffline(true);
    await timed('offline');
  } finally {
    await page.context().setOffline(false);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}
