import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress';
import { startApi, type TestApi } from '../helpers/api';

/** A build's files as the precompress plugin leaves them, served by plugins/web.ts. */
let api: TestApi;
let webDir: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'web-static-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'index-Ab12Cd34.js'), script);
  // The build's own bookkeeping (scripts/build-if-changed.mjs): a dot file, never served.
  writeFileSync(join(webDir, '.build-stamp'), 'stamp');
  const plugin = precompress() as unknown as { configResolved(c: object): void; closeBundle(): void };
  plugin.configResolved({ root: webDir, build: { outDir: '.' } });
  plugin.closeBundle();
  api = await startApi({ webDir });
});
afterAll(async () => {
  await api.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (path: string, encoding?: string) =>
  fetch(`${api.url}${path}`, { headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

it('sends the brotli copy to a browser that takes it, cached for good', async () => {
  const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
  expect(response.headers.get('content-encoding')).toBe('br');
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(response.headers.get('content-type')).toMatch(/javascript/);
  // fetch undoes the encoding it was sent in: the text is the file's.
  expect(await response.text()).toBe(script);
});

it('falls back to gzip, then to the file itself', async () => {
  const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
  expect(gz.headers.get('content-encoding')).toBe('gzip');
  expect(await gz.text()).toBe(script);
  const plain = await get('/assets/index-Ab12Cd34.js', 'identity');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(script);
});

it('never lets a browser keep the page itself', async () => {
  const response = await get('/configuration/ports');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(await response.text()).toContain('id="root"');
});

it('answers the page for the root, a folder and a missing asset, never a listing or a refusal', async () => {
  for (const path of ['/', '/assets', '/assets/', '/assets/missing-00000000.js', '/.build-stamp']) {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('cache-control'), path).toBe('no-cache');
    expect(await response.text(), path).toContain('id="root"');
  }
});
