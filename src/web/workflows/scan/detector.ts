import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The formats the product prints and receives: lot labels (Code 128, QR) and SKU barcodes (EAN-13, Code 128). */
const FORMATS = ['ean_13', 'code_128', 'qr_code'];

interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * The browser's own BarcodeDetector where it reads all three formats (Chrome on Android), else the
 * zxing-wasm polyfill, loaded with this screen only and its wasm served by the app itself, not a CDN
 * (the CSP allows scripts from here alone, and warehouses are often offline from the internet).
 */
export async function makeDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (FORMATS.every((f) => supported.includes(f))) return new native({ formats: FORMATS });
  }
  const { BarcodeDetector, setZXingModuleOverrides } = await import('barcode-detector/ponyfill');
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  });
  return new BarcodeDetector({ formats: FORMATS as never });
}
