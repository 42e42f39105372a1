import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { fileApi } from '../helpers/api';
import { stockMoves } from '../helpers/finance';

/**
 * Import from Excel (issue 27) over real HTTP: the template in the caller's language, a big file
 * with a few bad rows refused whole with exactly those rows named, the fixed file imported in one
 * go, the same file again changing nothing, the tenant, and the files that are no import at all.
 */
let admin: string;
let shipper: string;
let ownCode: string;
let otherCode: string;

type ImportReply = {
  status: number;
  code: number;
  message: string;
  data: any;
};

const post = async (path: string, token: string, content: Buffer, lang = 'en'): Promise<ImportReply> => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'products.xlsx');
  const response = await fetch(`${api.url}/api/1.0${path}`, {
    method: 'POST',
    headers: { authorization: token, 'accept-language': lang },
    body: form,
  });
  return { status: response.status, ...((await response.json()) as Omit<ImportReply, 'status'>) };
};

const template = async (token: string, lang = 'en') => {
  const response = await fetch(`${api.url}/api/1.0/products/import/template`, {
    headers: { authorization: token, 'accept-language': lang },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  return book;
};

const bytes = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());

type Cells = Record<string, ExcelJS.CellValue>;

/** A row's cells by header label (without the required mark), wherever the template put that column. */
const addRow = (sheet: ExcelJS.Worksheet, cells: Cells) => {
  const headers = (sheet.getRow(1).values as string[]).map((h) => String(h ?? '').replace(/ \*$/, ''));
  sheet.addRow(headers.map((h) => (h in cells ? cells[h] : null)));
};

const productRow = (code: string | null, name: string, i: number, extra: Cells = {}): Cells => ({
  Organization: code,
  'Short name': name,
  'Chinese name': `商品${i}`,
  'English name': `Product ${i}`,
  'China HS code': '0902101000',
  'Charge unit': 'pcs',
  'Hazardous class': 'Non-hazardous',
  ...extra,
});

const skuRow = (code: string | null, name: string, extra: Cells = {}): Cells => ({
  'Product · Organization': code,
  'Product · Short name': name,
  Title: `${name} box`,
  Quantity: 1,
  'Quantity unit': 'pcs',
  'Packing type': 'Carton',
  'Net weight (kg)': 1.2,
  Count: 1,
  'Unit price': 9.99,
  'Price type': 'Per piece',
  Currency: 'CNY',
  ...extra,
});

let layout: { name: string; headers: ExcelJS.CellValue[] }[] | undefined;

/**
 * A file laid out as the template (its sheets and headers) filled with `count` products, each with
 * one SKU; `spoil` may change a row's cells. Built afresh rather than into the template, whose
 * drop-downs exceljs would expand into an object per cell.
 */
async function catalogue(
  count: number,
  code: string | null,
  spoil: (sheet: 'products' | 'skus', row: number) => Cells | undefined = () => undefined,
  prefix = 'IMP',
) {
  layout ??= (await template(admin)).worksheets
    .filter((w) => w.state === 'visible')
    .map((w) => ({ name: w.name, headers: w.getRow(1).values as ExcelJS.CellValue[] }));
  const book = new ExcelJS.Workbook();
  const sheets = layout.map(({ name, headers }) => {
    const sheet = book.addWorksheet(name);
    sheet.getRow(1).values = headers;
    return sheet;
  });
  const [products, skus] = sheets;
  for (let i = 0; i < count; i++) {
    const name = `${prefix}-${String(i).padStart(5, '0')}`;
    addRow(products, productRow(code, name, i, spoil('products', i)));
    addRow(skus, skuRow(code, name, spoil('skus', i)));
  }
  return book;
}

const productCount = async () =>
  Number((await api.db.query<{ n: string }>("SELECT count(*) AS n FROM products WHERE short_name LIKE 'IMP-%'"))[0].n);

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  shipper = await api.login('shipper');
  const own = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
  const orgs = (await api.call('GET', '/organizations?pageSize=100&sort=id', { token: admin })).data.rows;
  ownCode = orgs.find((o: any) => o.id === own).organizationCode;
  otherCode = orgs.find((o: any) => o.id !== own).organizationCode;
}, 120_000);

describe('the import template', () => {
  it('is in the caller language, marks required columns, offers enumerations as drop-downs and has an example', async () => {
    const book = await template(admin, 'zh');
    const visible = book.worksheets.filter((w) => w.state === 'visible').map((w) => w.name);
    expect(visible).toEqual(['产品', 'SKU', '包装', '税务信息']);
    const products = book.getWorksheet(visible[0])!;
    const headers = (products.getRow(1).values as string[]).filter(Boolean);
    expect(headers).toContain('简称 *');
    const unit = headers.indexOf('计费单位 *') + 1;
    expect(unit).toBeGreaterThan(0);
    const validation = products.getCell(3, unit).dataValidation;
    expect(validation.type).toBe('list');
    expect(products.getCell(2, headers.indexOf('简称 *') + 1).value).toBe('TEA-01');
  });
});

describe('every declared import', () => {
  // Orders' example names a customer, warehouse and SKU in stock that only a live database has; they have their own test below.
  it.each(resources.filter((r) => r.import && !r.import.into && !r.import.lines).map((r) => [r.name, r.api]))(
    '%s: its own template, example rows as they are, imports; the same file again changes nothing',
    async (_, path) => {
      const response = await fetch(`${api.url}/api/1.0${path}/import/template`, {
        headers: { authorization: admin, 'accept-language': 'ja' },
      });
      const file = Buffer.from(await response.arrayBuffer());
      const first = await post(`${path}/import`, admin, file, 'ja');
      expect([first.code, first.data.errors]).toEqual([20000, undefined]);
      const again = await post(`${path}/import`, admin, file);
      expect(again.code).toBe(20000);
      const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
      expect([total(again.data.created), total(again.data.updated)]).toEqual([0, 0]);
      expect(total(again.data.unchanged)).toBe(
        total(first.data.created) + total(first.data.updated) + total(first.data.unchanged),
      );
    },
  );
});

describe('a 10,000-row catalogue', () => {
  it('with 3 bad rows answers exactly those 3 and writes nothing; fixed, imports all; again, changes nothing', async () => {
    const bad = await catalogue(10_000, 'HD001', (sheet, i) => {
      if (sheet === 'products' && i === 100) return { 'China HS code': '12ab' };
      if (sheet === 'products' && i === 5000) return { 'Charge unit': 'bushel' };
      if (sheet === 'skus' && i === 9999) return { Quantity: -3 };
      return undefined;
    });
    const refused = await post('/products/import', admin, await bytes(bad));
    expect(refused.code).toBe(40001);
    expect(refused.data.errors.map(({ field: _, ...e }: any) => e)).toEqual([
      { sheet: 'Products', row: 102, column: 'China HS code', message: 'Please input the HS Code: 6 to 10 digits.' },
      { sheet: 'Products', row: 5002, column: 'Charge unit', message: 'Please choose one of the listed values.' },
      { sheet: 'SKUs', row: 10001, column: 'Quantity', message: 'Please input the correct number.' },
    ]);
    expect(await productCount()).toBe(0);

    const good = await bytes(await catalogue(10_000, 'HD001'));
    const dry = await post('/products/import?dryRun=true', admin, good);
    expect(dry.data.created).toMatchObject({ products: 10_000, skus: 10_000 });
    expect(dry.data.preview.map((p: any) => [p.resource, p.rows.length])).toEqual([
      ['products', 5],
      ['skus', 5],
      ['packings', 0],
      ['taxes', 0],
    ]);
    const [first] = dry.data.preview[0].rows;
    expect([first.row, first.outcome, first.cells[dry.data.preview[0].columns.indexOf('Short name')]]).toEqual([
      2,
      'created',
      'IMP-00000',
    ]);
    expect(await productCount()).toBe(0);

    const imported = await post('/products/import', admin, good);
    expect(imported.code).toBe(20000);
    expect(imported.data).toMatchObject({
      created: { products: 10_000, skus: 10_000, packings: 0, taxes: 0 },
      updated: { products: 0, skus: 0, packings: 0, taxes: 0 },
      unchanged: { products: 0, skus: 0, packings: 0, taxes: 0 },
    });
    expect(await productCount()).toBe(10_000);
    const [sku] = await api.db.query<{ total_price: string; organization_id: number }>(
      "SELECT s.total_price, s.organization_id FROM skus s JOIN products p ON p.id = s.product_id WHERE p.short_name = 'IMP-00007'",
    );
    expect(Number(sku.total_price)).toBe(9.99);
    expect(sku.organization_id).toBeGreaterThan(0);

    const again = await post('/products/import', admin, good);
    expect(again.data.created).toMatchObject({ products: 0, skus: 0 });
    expect(again.data.updated).toMatchObject({ products: 0, skus: 0 });
    expect(again.data.unchanged).toMatchObject({ products: 10_000, skus: 10_000 });
    expect(await productCount()).toBe(10_000);

    const audit = await api.db.query<{ after: any }>(
      "SELECT after FROM audit_log WHERE entity = 'products' AND action = 'import' ORDER BY id DESC LIMIT 2",
    );
    expect(audit.map((a) => [a.after.created.products, a.after.unchanged.products])).toEqual([
      [0, 10_000],
      [10_000, 0],
    ]);
  }, 300_000);

  it('updates the stored record a row names by its key, at the version it read', async () => {
    const book = await catalogue(2, 'HD001', (sheet, i) =>
      sheet === 'products' && i === 1 ? { 'English name': 'Renamed' } : undefined,
    );
    const answer = await post('/products/import', admin, await bytes(book));
    expect(answer.data).toMatchObject({
      created: { products: 0, skus: 0 },
      updated: { products: 1, skus: 0 },
      unchanged: { products: 1, skus: 2 },
    });
    const [row] = await api.db.query("SELECT name_en, version FROM products WHERE short_name = 'IMP-00001'");
    expect(row).toEqual({ name_en: 'Renamed', version: 2 });
  });

  it('marks the bad cells of the file sent back, red with the message as a comment', async () => {
    const bad = await catalogue(3, 'HD001', (sheet, i) =>
      sheet === 'products' && i === 1 ? { 'China HS code': '12ab' } : undefined,
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await bytes(bad))]), 'x.xlsx');
    const marked = await fetch(`${api.url}/api/1.0/products/import/marked`, {
      method: 'POST',
      headers: { authorization: admin, 'accept-language': 'es' },
      body: form,
    });
    expect(marked.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await marked.arrayBuffer());
    const cell = book.worksheets.find((w) => w.state === 'visible')!.getCell(3, 6);
    expect((cell.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFF9999');
    expect(String(cell.note)).toContain('Introduzca el código HS');
  });
});

describe('the tenant and files that are no import', () => {
  it("refuses a shipper's file naming another organization, whole", async () => {
    const book = await catalogue(2, ownCode, (sheet, i) =>
      sheet === 'products' && i === 1 ? { Organization: otherCode } : undefined,
    );
    // The import needs the right to create products, which the demo shipper lacks.
    expect((await post('/products/import', shipper, await bytes(book))).code).toBe(40301);
    const roleId = (await api.call('GET', '/system/roles?name=shipper', { token: admin })).data.rows[0].id;
    const held = (await api.call('GET', `/system/roles/${roleId}/resources`, { token: admin })).data.rows.map(
      (r: any) => r.name,
    );
    const granted = await api.call('PUT', `/system/roles/${roleId}/resources`, {
      token: admin,
      body: { resources: [...held, 'products.spus.create'] },
    });
    expect(granted.code).toBe(20000);
    const refused = await post('/products/import', shipper, await bytes(book));
    expect(refused.code).toBe(40001);
    expect(refused.data.errors).toEqual([
      expect.objectContaining({
        sheet: 'Products',
        row: 3,
        column: 'Organization',
        message: `No record named “${otherCode}” that you may use.`,
      }),
    ]);
    expect(await productCount()).toBe(10_000);
    // Their own organization, or none (it defaults to theirs), imports.
    const own = await catalogue(
      2,
      ownCode,
      (sheet, i) =>
        i === 1 ? (sheet === 'products' ? { Organization: null } : { 'Product · Organization': null }) : undefined,
      'SHP',
    );
    const imported = await post('/products/import', shipper, await bytes(own));
    expect(imported.data.created).toMatchObject({ products: 2, skus: 2 });
  });

  it('answers a clear 40001 to a file that is not a spreadsheet, a formula, an empty sheet and 60,000 rows', async () => {
    const text = await post('/products/import', admin, Buffer.from('name,code\nx,y\n'));
    expect([text.code, text.message]).toEqual([40001, 'The file is not an Excel workbook (.xlsx).']);

    const formula = await catalogue(1, 'HD001');
    formula.worksheets.find((w) => w.state === 'visible')!.getCell(2, 4).value = {
      formula: 'A2&"x"',
      result: 'HD001x',
    } as never;
    const withFormula = await post('/products/import', admin, await bytes(formula));
    expect(withFormula.code).toBe(40001);
    expect(withFormula.data.errors).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'Chinese name',
        message: 'Formulas are not imported: enter the value itself.',
      }),
    ]);

    const empty = await catalogue(0, 'HD001');
    const none = await post('/products/import', admin, await bytes(empty));
    expect([none.code, none.message]).toEqual([40001, 'The file has no rows to import.']);

    // Products alone, a few columns each: the limit counts rows, whatever they hold.
    const big = await catalogue(0, 'HD001');
    const [sheet] = big.worksheets;
    for (let i = 0; i < 60_000; i++) addRow(sheet, { Organization: 'HD001', 'Short name': `BIG-${i}` });
    const tooMany = await post('/products/import', admin, await bytes(big));
    expect([tooMany.code, tooMany.message]).toEqual([
      40001,
      'The file has more than 50000 rows; split it into several files.',
    ]);
    expect(await productCount()).toBe(10_000);
  }, 300_000);
});

/** A lines file as the document's template lays it out: SKU, pieces, pallets by header label. */
async function linesFile(api_: string, rows: [string | null, number | null, number | null][]) {
  const response = await fetch(`${api.url}/api/1.0${api_}/import/template`, { headers: { authorization: admin } });
  const layout = new ExcelJS.Workbook();
  await layout.xlsx.load(await response.arrayBuffer());
  const [first] = layout.worksheets.filter((w) => w.state === 'visible');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(first.name);
  sheet.getRow(1).values = first.getRow(1).values as ExcelJS.CellValue[];
  for (const [sku, pieces, pallets] of rows) addRow(sheet, { SKU: sku, Pieces: pieces, Pallets: pallets });
  return bytes(book);
}

describe('lines into a draft document', () => {
  let organizationId: number;
  let warehouseId: number;
  let skus: { id: number; title: string; barcode: string | null }[];
  const lines = async (resource: 'inbound' | 'outbound', id: number) =>
    api.db.query<{ sku_id: number; pieces: number; pallets: number; id: number }>(
      `SELECT id, sku_id, pieces, pallets FROM ${resource}_lines WHERE ${resource}_id = $1 ORDER BY id`,
      [id],
    );

  beforeAll(async () => {
    organizationId = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
    warehouseId = (await api.call('GET', '/config/warehouses?pageSize=1&sort=id', { token: admin })).data.rows[0].id;
    skus = await api.db.query(
      'SELECT id, title, barcode FROM skus WHERE organization_id = $1 AND title IS NOT NULL ORDER BY id LIMIT 3',
      [organizationId],
    );
    expect(skus).toHaveLength(3);
  });

  it('an inbound draft takes the rows by SKU title or barcode, all or nothing, and the same file twice changes nothing', async () => {
    const created = await api.call('POST', '/inventory/inbounds', {
      token: shipper,
      body: { warehouseId, inboundType: 1, products: [{ skuId: skus[0].id, pieces: 5, pallets: 1 }] },
    });
    expect(created.code, created.message).toBe(20000);
    const id = created.data.id;
    const before = await lines('inbound', id);

    // One bad row (a SKU of nobody's, zero pieces) refuses the whole file, each problem at its row and column.
    const bad = await linesFile('/inventory/inbounds', [
      [skus[0].title, 7, null],
      ['NO-SUCH-SKU', 3, 0],
      [skus[1].title, 0, 0],
    ]);
    const refused = await post(`/inventory/inbounds/${id}/import`, shipper, bad);
    expect(refused.code).toBe(40001);
    expect(refused.data.errors.map((e: any) => [e.row, e.column])).toEqual([
      [3, 'SKU'],
      [4, 'Pieces'],
    ]);
    expect(await lines('inbound', id)).toEqual(before);

    const good = await linesFile('/inventory/inbounds', [
      [skus[0].title, 7, null],
      [skus[1].barcode ?? skus[1].title, 3, 2],
      [skus[2].title, 4, 0],
    ]);
    const checked = await post(`/inventory/inbounds/${id}/import?dryRun=true`, shipper, good);
    expect(checked.data).toMatchObject({
      created: { inboundLines: 2 },
      updated: { inboundLines: 1 },
      unchanged: { inboundLines: 0 },
    });
    // The preview: the file's first rows under their labels, each with what the import does to it.
    expect(checked.data.preview).toEqual([
      {
        resource: 'inboundLines',
        sheet: 'Products',
        columns: ['SKU', 'Pieces', 'Pallets'],
        rows: [
          { row: 2, outcome: 'updated', cells: [skus[0].title, '7', ''] },
          { row: 3, outcome: 'created', cells: [skus[1].barcode ?? skus[1].title, '3', '2'] },
          { row: 4, outcome: 'created', cells: [skus[2].title, '4', '0'] },
        ],
      },
    ]);
    expect(await lines('inbound', id)).toEqual(before);
    const imported = await post(`/inventory/inbounds/${id}/import`, shipper, good);
    expect(imported.code, imported.message).toBe(20000);
    const after = await lines('inbound', id);
    expect(after.map((l) => [l.sku_id, l.pieces, l.pallets])).toEqual([
      [skus[0].id, 7, 1],
      [skus[1].id, 3, 2],
      [skus[2].id, 4, 0],
    ]);
    const [doc] = await api.db.query<{ pieces: number; version: number }>(
      'SELECT pieces, version FROM inbounds WHERE id = $1',
      [id],
    );
    expect(doc.pieces).toBe(14);

    // The audit trail: one row for the import, its counts, and the file itself, which its importer reads back.
    const audits = await api.db.query<{ user_id: number; after: any }>(
      "SELECT user_id, after FROM audit_log WHERE entity = 'inbounds' AND entity_id = $1 AND action = 'import'",
      [id],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0].after).toMatchObject({
      file: 'products.xlsx',
      created: { inboundLines: 2 },
      updated: { inboundLines: 1 },
    });
    const kept = await fetch(`${api.url}/api/1.0/oss/getFile`, {
      method: 'POST',
      headers: { authorization: shipper, 'content-type': 'application/json' },
      body: JSON.stringify({ path: audits[0].after.path }),
    });
    expect(kept.status).toBe(200);
    expect(Buffer.from(await kept.arrayBuffer()).equals(good)).toBe(true);

    const again = await post(`/inventory/inbounds/${id}/import`, shipper, good);
    expect(again.data).toMatchObject({
      created: { inboundLines: 0 },
      updated: { inboundLines: 0 },
      unchanged: { inboundLines: 3 },
    });
    expect(await lines('inbound', id)).toEqual(after);
    const [same] = await api.db.query<{ version: number }>('SELECT version FROM inbounds WHERE id = $1', [id]);
    expect(same.version).toBe(doc.version);

    // Submitted, the inbound is no draft: the file is refused whole with the state conflict.
    await api.db.query('UPDATE inbounds SET status = 1 WHERE id = $1', [id]);
    const late = await post(`/inventory/inbounds/${id}/import`, shipper, good);
    expect([late.status, late.code]).toEqual([409, 40901]);
    // Another customer's inbound is not there at all for this shipper.
    const foreign = await api.db.query<{ id: number }>('SELECT id FROM inbounds WHERE organization_id <> $1 LIMIT 1', [
      organizationId,
    ]);
    if (foreign.length)
      expect((await post(`/inventory/inbounds/${foreign[0].id}/import`, shipper, good)).code).toBe(40401);
  }, 120_000);

  it('an outbound draft refuses rows asking for more than is available, naming the row', async () => {
    const [stock] = await api.db.query<{ available: number }>(
      'SELECT coalesce(sum(pieces - reserved), 0)::int AS available FROM inventory WHERE organization_id = $1 AND warehouse_id = $2 AND sku_id = $3',
      [organizationId, warehouseId, skus[0].id],
    );
    const created = await api.call('POST', '/inventory/outbounds', {
      token: admin,
      body: { organizationId, warehouseId, outboundType: 1, requestDate: '2026-11-20' },
    });
    expect(created.code, created.message).toBe(20000);
    const id = created.data.id;
    const file = await linesFile('/inventory/outbounds', [[skus[0].title, stock.available + 1, 0]]);
    const refused = await post(`/inventory/outbounds/${id}/import`, admin, file);
    expect(refused.code).toBe(40001);
    expect(refused.data.errors).toEqual([
      expect.objectContaining({ row: 2, column: 'Pieces', message: expect.stringContaining(String(stock.available)) }),
    ]);
    expect(await lines('outbound', id)).toEqual([]);
    if (stock.available > 0) {
      const within = await linesFile('/inventory/outbounds', [[skus[0].title, stock.available, 0]]);
      expect((await post(`/inventory/outbounds/${id}/import`, admin, within)).data.created).toEqual({
        outboundLines: 1,
      });
    }
  }, 120_000);
});

describe('mall orders for staff', () => {
  type Stock = {
    organization_id: number;
    warehouse_id: number;
    sku_id: number;
    title: string;
    code: string;
    warehouse: string;
    available: number;
  };
  let stock: Stock[];
  let headers: ExcelJS.CellValue[];
  const imported = async () =>
    api.db.query<{ id: number; ref_no: string; status: number; organization_id: number; lines: string }>(
      `SELECT o.id, o.ref_no, o.status, o.organization_id,
              (SELECT string_agg(l.sku_id || 'x' || l.pieces, ',' ORDER BY l.id) FROM order_lines l WHERE l.order_id = o.id) AS lines
         FROM orders o WHERE o.ref_no LIKE 'SHOP-%' ORDER BY o.ref_no`,
    );
  const file = async (rows: Cells[]) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Orders');
    sheet.getRow(1).values = headers;
    for (const row of rows) addRow(sheet, row);
    return bytes(book);
  };
  const line = (ref: string, s: Stock, pieces: number, extra: Cells = {}): Cells => ({
    'Reference number': ref,
    Organization: s.code,
    Warehouse: s.warehouse,
    'Delivery type': 1,
    SKU: s.title,
    Quantity: pieces,
    ...extra,
  });

  beforeAll(async () => {
    // Two SKUs of the shipper's organization, each named by a title no other SKU of theirs has, received into one warehouse.
    const organizationId = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
    const warehouse = await api.db.query<{ id: number; short_name: string }>(
      'SELECT id, short_name FROM warehouses w WHERE (SELECT count(*) FROM warehouses v WHERE v.short_name = w.short_name) = 1 ORDER BY id LIMIT 1',
    );
    const skus = await api.db.query<{ id: number; title: string }>(
      `SELECT s.id, s.title FROM skus s WHERE s.organization_id = $1 AND s.title IS NOT NULL
          AND (SELECT count(*) FROM skus t WHERE t.organization_id = s.organization_id AND t.title = s.title) = 1
        ORDER BY s.id LIMIT 2`,
      [organizationId],
    );
    expect(skus).toHaveLength(2);
    const moves = stockMoves(api, admin, warehouse[0].id);
    for (const sku of skus) await moves.receive(organizationId, sku.id, 5, 1, '2026-11-01');
    stock = await api.db.query<Stock>(
      `SELECT i.organization_id, i.warehouse_id, i.sku_id, s.title, $3::text AS code, $4::text AS warehouse,
              (i.pieces - i.reserved)::int AS available
         FROM inventory i JOIN skus s ON s.id = i.sku_id
        WHERE i.organization_id = $1 AND i.warehouse_id = $2 AND i.sku_id = ANY($5::int[]) ORDER BY i.sku_id`,
      [organizationId, warehouse[0].id, ownCode, warehouse[0].short_name, skus.map((s) => s.id)],
    );
    expect(stock).toHaveLength(2);
    const response = await fetch(`${api.url}/api/1.0/orders/import/template`, {
      headers: { authorization: admin, 'accept-language': 'en' },
    });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    headers = book.worksheets.find((w) => w.state === 'visible')!.getRow(1).values as ExcelJS.CellValue[];
  });

  it('drafts one order per reference number with its lines, all or nothing, and the same file twice changes nothing', async () => {
    const [a, b] = stock;
    const bad = await file([
      line('SHOP-1', a, 1),
      line('SHOP-1', b, 1, { SKU: 'no such SKU' }),
      line('SHOP-2', a, 1, { Organization: 'NO-SUCH-CODE' }),
      line('SHOP-3', b, b.available + 1),
    ]);
    const refused = await post('/orders/import', admin, bad);
    expect([refused.status, refused.code]).toEqual([400, 40001]);
    expect(refused.data.errors.map((e: any) => [e.sheet, e.row, e.column])).toEqual([
      ['Orders', 3, 'SKU'],
      ['Orders', 4, 'Organization'],
      ['Orders', 5, 'Quantity'],
    ]);
    expect(refused.data.errors[2].message).toContain(String(b.available));
    expect(await imported()).toEqual([]);

    const good = await file([
      line('SHOP-1', a, 1),
      line('SHOP-1', b, 2, { 'Delivery type': null }),
      line('SHOP-2', a, 1),
    ]);
    const first = await post('/orders/import', admin, good);
    expect(first.code, JSON.stringify(first.data?.errors ?? first.message)).toBe(20000);
    expect(first.data).toMatchObject({ created: { orders: 2 }, updated: { orders: 0 }, unchanged: { orders: 0 } });
    const orders = await imported();
    expect(orders.map((o) => [o.ref_no, o.status, o.organization_id, o.lines])).toEqual([
      ['SHOP-1', 0, a.organization_id, `${a.sku_id}x1,${b.sku_id}x2`],
      ['SHOP-2', 0, a.organization_id, `${a.sku_id}x1`],
    ]);
    // Drafted together, each as the form drafts one: its own number, its totals, the audit row and event of its creation.
    const drafted = await api.db.query<{ order_no: string; pieces: number; audits: number; events: number }>(
      `SELECT o.order_no, o.pieces,
              (SELECT count(*)::int FROM audit_log a WHERE a.entity = 'orders' AND a.entity_id = o.id::text AND a.action = 'create') AS audits,
              (SELECT count(*)::int FROM outbox e WHERE e.resource = 'orders' AND e.record_id = o.id::text AND e.organization_id = o.organization_id) AS events
         FROM orders o WHERE o.ref_no LIKE 'SHOP-%' ORDER BY o.ref_no`,
    );
    expect(drafted.map((o) => [o.pieces, o.audits, o.events])).toEqual([
      [3, 1, 1],
      [1, 1, 1],
    ]);
    expect(new Set(drafted.map((o) => o.order_no)).size).toBe(2);
    for (const { order_no } of drafted) expect(order_no).toMatch(/^SO\d+/);

    const again = await post('/orders/import', admin, good);
    expect(again.data).toMatchObject({ created: { orders: 0 }, updated: { orders: 0 }, unchanged: { orders: 2 } });
    expect(await imported()).toEqual(orders);
  }, 120_000);

  it('is staff only: a shipper gets 403', async () => {
    const refused = await post('/orders/import', shipper, await file([line('SHOP-9', stock[0], 1)]));
    expect(refused.status).toBe(403);
    const template = await fetch(`${api.url}/api/1.0/orders/import/template`, { headers: { authorization: shipper } });
    expect(template.status).toBe(403);
  });
});
