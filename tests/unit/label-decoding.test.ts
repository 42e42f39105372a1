import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toBuffer, type RenderOptions } from 'bwip-js/node';
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import { DOMRectReadOnly } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { labelSymbols } from '../../src/server/labels/lot-label';

const FIXTURES = join(__dirname, '../fixtures/labels');

/** Every kind of symbol the product prints: lot labels (Code 128 and QR), SKU EAN-13 and Code 128. */
const LABELS = [
  { lotId: 7, skuBarcode: '4006381333931' },
  { lotId: 123456, skuBarcode: 'CARTON-77/A' },
  { lotId: 2147483647, skuBarcode: null },
];
const SYMBOLS = LABELS.flatMap((label) =>
  Object.entries(labelSymbols(label)).map(([kind, options]) => ({
    name: `${kind}-${options!.text}`,
    options: options!,
  })),
);
const fileOf = (name: string) => join(FIXTURES, `${name.replace(/[^\w-]/g, '_')}.png`);

/** The label code's own options rendered to a PNG, about what a 203 dpi label printer makes of them. */
const render = (options: RenderOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    toBuffer({ ...options, scale: 3, backgroundcolor: 'FFFFFF' }, (error, png) =>
      error ? reject(error) : resolve(png),
    ),
  );

let detector: BarcodeDetector;

beforeAll(() => {
  // The polyfill answers boxes as the browser's DOMRectReadOnly, which Node lacks.
  Object.assign(globalThis, { DOMRectReadOnly });
  prepareZXingModule({
    overrides: {
      wasmBinary: readFileSync(join(__dirname, '../../node_modules/zxing-wasm/dist/reader/zxing_reader.wasm')).buffer,
    },
    fireImmediately: true,
  });
  detector = new BarcodeDetector({ formats: ['code_128', 'qr_code', 'ean_13'] });
  // UPDATE_FIXTURES=1 writes the images again from the label code, after a deliberate change to it.
  if (process.env.UPDATE_FIXTURES)
    return Promise.all(SYMBOLS.map(async (s) => writeFileSync(fileOf(s.name), await render(s.options)))).then(
      () => undefined,
    );
});

const decode = async (png: Buffer) =>
  (await detector.detect(new Blob([new Uint8Array(png)], { type: 'image/png' }))).map((d) => ({
    format: d.format,
    text: d.rawValue,
  }));

const FORMATS: Record<string, string> = { code128: 'code_128', qrcode: 'qr_code', ean13: 'ean_13' };

describe('printed labels decode back to their codes', () => {
  it.each(SYMBOLS)('the shipped image of $name', async ({ name, options }) => {
    expect(existsSync(fileOf(name)), `${fileOf(name)} missing: UPDATE_FIXTURES=1 makes it`).toBe(true);
    expect(await decode(readFileSync(fileOf(name)))).toEqual([{ format: FORMATS[options.bcid], text: options.text }]);
  });

  it.each(SYMBOLS)('what the label code draws today for $name', async ({ options }) => {
    expect(await decode(await render(options))).toEqual([{ format: FORMATS[options.bcid], text: options.text }]);
  });
});
