import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { prepareDatabase } from '../../src/server/db/prepare';
import { httpApi } from '../helpers/http-api';
import { listeningApp } from '../helpers/other-instance';
import { startPostgres } from './postgres';
import { benchDatabase } from './reports';

type Figure = (name: string, value: string) => void;

const PRODUCTS = 10_000;

/**
 * The template's sheets and headers, filled with products each with one SKU (of HD001), by header
 * label; written as a stream, so the bench's own workbook does not count in the server's memory.
 */
export async function catalogue(templateBytes: ArrayBuffer) {
  const template = new ExcelJS.Workbook();
  await template.xlsx.load(templateBytes);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const [products, skus] = template.worksheets
    .filter((w) => w.state === 'visible')
    .map((w) => {
      const headers = (w.getRow(1).values as string[]).map((h) => String(h ?? ''));
      const sheet = book.addWorksheet(w.name);
      sheet.addRow(headers).commit();
      return { sheet, headers: headers.map((h) => h.replace(/ \*$/, '')) };
    });
  const row = ({ sheet, headers }: typeof products, cells: Record<string, ExcelJS.CellValue>) =>
    sheet.addRow(headers.map((h) => cells[h] ?? null)).commit();
  for (let i = 0; i < PRODUCTS; i++) {
    const name = `BENCH-${i}`;
    row(products, {
      Organization: 'HD001',
      'Short name': name,
      'Chinese name': `商品${i}`,
      'China HS code': '0902101000',
      'Charge unit': 'pcs',
      'Hazardous class': 'Non-hazardous',
    });
    row(skus, {
      'Product · Organization': 'HD001',
      'Product · Short name': name,
      Title: `${name} box`,
      Quantity: 1,
      'Quantity unit': 'pcs',
      'Packing type': 'Carton',
      'Unit price': 9.99,
      'Price type': 'Per piece',
      Currency: 'CNY',
    });
  }
  await book.commit();
  return Buffer.concat(chunks);
}

/**
 * Import (issue 27): 10,000 products with 10,000 SKUs through POST /products/import, in this
 * process over real HTTP: the check alone (dryRun), the check and the write, and the same file
 * again (all unchanged); with the process's memory at its highest while importing, which holds the
 * server. On PostgreSQL (DATABASE_URL, else a throwaway server of its own) and on PGlite.
 */
export async function importBench(record: Figure) {
  const own = process.env.DATABASE_URL ? undefined : await startPostgres();
  try {
    // PostgreSQL first: PGlite's WebAssembly memory, once grown, would count in its figure.
    const file = await importOn(process.env.DATABASE_URL ?? own!.url, undefined, record);
    await importOn(undefined, file, record);
  } finally {
    own?.stop();
  }
}

async function importOn(databaseUrl: string | undefined, file: Buffer | undefined, record: Figure) {
  const { db, drop } = await benchDatabase(databaseUrl);
  try {
    await prepareDatabase(db);
    const { app, url: origin } = await listeningApp(db);
    const url = `${origin}/api/1.0`;
    const authorization = await httpApi(origin).login('admin');
    file ??= await catalogue(
      await (await fetch(`${url}/products/import/template`, { headers: { authorization } })).arrayBuffer(),
    );
    let peak = 0;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const post = async (query: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file!)]), 'bench.xlsx');
      const t0 = performance.now();
      const body = await (
        await fetch(`${url}/products/import${query}`, { method: 'POST', headers: { authorization }, body: form })
      ).json();
      if (body.code !== 20000) throw new Error(`import bench: ${body.message}`);
      return { ms: performance.now() - t0, data: body.data };
    };
    const label = `${PRODUCTS.toLocaleString('en')} products + ${PRODUCTS.toLocaleString('en')} SKUs, ${(file.length / 1024).toFixed(0)} KB (${db.kind})`;
    const checked = await post('?dryRun=true');
    record(`import: check only, ${label}`, `${(checked.ms / 1000).toFixed(1)} s`);
    const written = await post('');
    record(
      `import: check + write, ${label}`,
      `${(written.ms / 1000).toFixed(1)} s, created ${written.data.created.products} + ${written.data.created.skus}`,
    );
    const again = await post('');
    record(
      `import: the same file again, ${label}`,
      `${(again.ms / 1000).toFixed(1)} s, unchanged ${again.data.unchanged.products} + ${again.data.unchanged.skus}`,
    );
    clearInterval(sample);
    record(
      `import: the process's highest RSS while importing (server and bench, ${db.kind})`,
      `${(peak / 1024 / 1024).toFixed(0)} MB`,
    );
    await app.close();
    return file;
  } finally {
    await db.close();
    await drop();
  }
}
