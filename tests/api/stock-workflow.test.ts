import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { announcedInbound, requestedOutbound, shipperPlace } from '../helpers/demo';
import { expectStockInvariants } from '../helpers/stock-invariants';

let admin: string;
let shipper: string;
let org: number;
let warehouse: number;
let skus: { id: number; title: string }[];

const api = fileApi();
beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  ({ organizationId: org, warehouseId: warehouse } = await shipperPlace(api, admin, shipper));
  skus = (await api.call('GET', `/products/skus?organizationId=${org}&pageSize=100&sort=id`, { token: admin })).data
    .rows;
});

const inbound = async (lines: { skuId: number; pieces: number; pallets?: number }[], token = admin) =>
  api.call('POST', '/inventory/inbounds', {
    token,
    body: announcedInbound({
      organizationId: org,
      warehouseId: warehouse,
      lines: lines.map((l) => ({ pallets: 1, ...l })),
    }),
  });
const outbound = async (lines: { skuId: number; pieces: number }[], token = admin) =>
  api.call('POST', '/inventory/outbounds', {
    token,
    body: requestedOutbound({ organizationId: org, warehouseId: warehouse, lines }),
  });
const act = (kind: string, id: number, action: string, body: object = {}, token = admin, lang?: string) =>
  api.call('POST', `/inventory/${kind}/${id}/${action}`, { token, body, lang });
const stockOf = async (skuId: number) =>
  (await api.call('GET', `/inventory/products?skuId=${skuId}&warehouseId=${warehouse}`, { token: admin })).data.rows[0];
const receive = async (skuId: number, pieces: number, date: string) => {
  const { data } = await inbound([{ skuId, pieces }]);
  await act('inbounds', data.id, 'submit');
  expect((await act('inbounds', data.id, 'confirm', { inboundDate: date })).code).toBe(20000);
  return data.id as number;
};

describe('inbound', () => {
  it('goes 0 -> 3 -> 2 -> 3 -> 6 and adds the stock as lots with change logs', async () => {
    const created = await inbound([
      { skuId: skus[0].id, pieces: 40, pallets: 2 },
      { skuId: skus[1].id, pieces: 10 },
    ]);
    expect(created.data).toMatchObject({ status: 0, pieces: 50, pallets: 3 });
    expect(created.data.orderNo).toMatch(/^IN\d{8}-\d{4}$/);
    const id = created.data.id;
    expect((await act('inbounds', id, 'submit')).data.status).toBe(3);
    expect((await act('inbounds', id, 'withdraw')).data.status).toBe(2);
    const edited = await api.call('PUT', `/inventory/inbounds/${id}`, {
      token: admin,
      body: {
        version: created.data.version + 2,
        refNo: 'PO-778',
        lines: [
          { skuId: skus[0].id, pieces: 45, pallets: 2 },
          { skuId: skus[1].id, pieces: 10, pallets: 1 },
        ],
      },
    });
    expect(edited.data).toMatchObject({ refNo: 'PO-778', pieces: 55 });
    expect((await act('inbounds', id, 'submit')).data.status).toBe(3);
    expect((await act('inbounds', id, 'confirm', { inboundDate: '2026-11-06' })).data.status).toBe(6);
    expect(await stockOf(skus[0].id)).toMatchObject({ pieces: 45, pallets: 2, reserved: 0, available: 45 });
    const logs = await api.call('GET', `/inventory/inbounds/${id}/changeLogs`, { token: admin });
    expect(logs.data.rows.map((l: any) => [l.changeType, l.pieces])).toEqual(
      expect.arrayContaining([
        [1, 45],
        [1, 10],
      ]),
    );
    const sku = (await api.call('GET', `/products/skus/${skus[0].id}`, { token: admin })).data;
    expect(sku.warehouseStatus).toBe(6);
    const productLog = await api.call('GET', `/inventory/productLogs?skuId=${skus[0].id}`, { token: admin });
    expect(productLog.data.rows[0]).toMatchObject({ event: 1, warehouseStatus: 6, documentNo: created.data.orderNo });
    await expectStockInvariants(api.db);
  });

  it('refuses wrong states with 40901 and an empty date or missing products with 40001 on the field', async () => {
    const empty = (await inbound([])).data;
    const early = await act('inbounds', empty.id, 'confirm', { inboundDate: '2026-11-06' }, admin, 'zh');
    expect(early).toMatchObject({ status: 409, code: 40901 });
    expect(early.message).toMatch(/草稿/);
    // Without lines it would wait on the scan screen as 0 / 0 for ever: submitting it is refused.
    const unsubmitted = await act('inbounds', empty.id, 'submit');
    expect(unsubmitted).toMatchObject({ status: 400, code: 40001 });
    expect(unsubmitted.data.errors).toEqual([{ field: 'products', message: 'Please add the products first.' }]);
    expect((await api.call('GET', `/inventory/inbounds/${empty.id}`, { token: admin })).data.status).toBe(0);
    const emptyOutbound = (await outbound([])).data;
    expect((await act('outbounds', emptyOutbound.id, 'submit')).data.errors).toEqual([
      { field: 'products', message: 'Please add the products first.' },
    ]);

    const { data } = await inbound([{ skuId: skus[0].id, pieces: 1 }]);
    await act('inbounds', data.id, 'submit');
    const noDate = await act('inbounds', data.id, 'confirm', { inboundDate: '' });
    expect(noDate.data.errors).toEqual([{ field: 'inboundDate', message: 'Please select the inbound date.' }]);
    expect((await act('inbounds', data.id, 'cancel')).data.status).toBe(1);
    expect((await act('inbounds', data.id, 'submit')).status).toBe(409);
    const edit = await api.call('PUT', `/inventory/inbounds/${data.id}`, {
      token: admin,
      body: { version: 3, refNo: 'x' },
    });
    expect(edit).toMatchObject({ status: 409, code: 40901 });
  });

  it('refuses lines with a foreign SKU or bad quantities, naming the line', async () => {
    const foreignSku = (await api.call('GET', '/products/skus?pageSize=1&sort=-id', { token: admin })).data.rows[0];
    // An id beyond the integer column is a SKU that does not exist, not a failed query.
    const reply = await inbound([
      { skuId: foreignSku.id, pieces: 1 },
      { skuId: skus[0].id, pieces: 0 },
      { skuId: 2 ** 31, pieces: 1 },
    ]);
    expect(reply.data.errors).toEqual([
      { field: 'lines.0.skuId', message: 'This SKU does not belong to the organization.' },
      { field: 'lines.1.pieces', message: 'The value must be at least 1.' },
      { field: 'lines.2.skuId', message: 'The selected record does not exist.' },
    ]);
  });

  it('cancels a done inbound only while its lots are untouched', async () => {
    const sku = skus[2].id;
    const untouched = await receive(sku, 5, '2026-11-07');
    expect((await act('inbounds', untouched, 'cancel')).data.status).toBe(1);
    expect((await stockOf(sku)).pieces).toBe(0);
    const logs = await api.call('GET', `/inventory/inbounds/${untouched}/changeLogs?changeType=4`, { token: admin });
    expect(logs.data.rows[0]).toMatchObject({ pieces: -5, balanceAfter: 0 });
    const used = await receive(sku, 5, '2026-11-07');
    const { data: out } = await outbound([{ skuId: sku, pieces: 2 }]);
    await act('outbounds', out.id, 'submit');
    expect(await act('inbounds', used, 'cancel')).toMatchObject({ status: 409, code: 40901 });
    await act('outbounds', out.id, 'cancel');
    await expectStockInvariants(api.db);
  });
});

describe('outbound', () => {
  it('takes stock first in first out across three lots and logs days in warehouse', async () => {
    const sku = skus[3].id;
    await receive(sku, 5, '2026-10-01');
    await receive(sku, 5, '2026-10-11');
    await receive(sku, 5, '2026-10-21');
    const { data } = await outbound([{ skuId: sku, pieces: 12 }]);
    expect(data.orderNo).toMatch(/^OUT\d{8}-\d{4}$/);
    expect((await act('outbounds', data.id, 'submit')).data.status).toBe(3);
    expect(await stockOf(sku)).toMatchObject({ pieces: 15, reserved: 12, available: 3 });
    expect((await act('outbounds', data.id, 'confirm', { actualDate: '' })).data.errors).toEqual([
      { field: 'actualDate', message: 'Please select the actual outbound date.' },
    ]);
    expect((await act('outbounds', data.id, 'confirm', { actualDate: '2026-11-20' })).data.status).toBe(6);
    const takes = (await api.call('GET', `/inventory/outbounds/${data.id}/takes`, { token: admin })).data.rows;
    expect(takes.map((t: any) => [t.inboundDate, t.pieces, t.daysInWarehouse])).toEqual([
      ['2026-10-01', 5, 50],
      ['2026-10-11', 5, 40],
      ['2026-10-21', 2, 30],
    ]);
    expect((await api.call('GET', `/inventory/outbounds/${data.id}`, { token: admin })).data).toMatchObject({
      actualDate: '2026-11-20',
      daysInWarehouse: 50,
    });
    expect(await stockOf(sku)).toMatchObject({ pieces: 3, reserved: 0, available: 3 });
    const logs = (await api.call('GET', `/inventory/outbounds/${data.id}/changeLogs?sort=id`, { token: admin })).data
      .rows;
    expect(logs.map((l: any) => [l.changeType, l.pieces, l.balanceAfter])).toEqual([
      [2, -5, 0],
      [2, -5, 0],
      [2, -2, 3],
    ]);

    expect((await act('outbounds', data.id, 'cancel')).data.status).toBe(1);
    expect(await stockOf(sku)).toMatchObject({ pieces: 15, reserved: 0 });
    const back = (await api.call('GET', `/inventory/outbounds/${data.id}/changeLogs?changeType=5`, { token: admin }))
      .data.rows;
    expect(back.map((l: any) => l.pieces).sort()).toEqual([2, 5, 5]);
    await expectStockInvariants(api.db);
  });

  it('reserves on submit and refuses more than is available, reserving nothing', async () => {
    const sku = skus[4].id;
    await receive(sku, 3, '2026-11-01');
    const { data } = await outbound([
      { skuId: sku, pieces: 2 },
      { skuId: skus[3].id, pieces: 99 },
    ]);
    const refused = await act('outbounds', data.id, 'submit');
    expect(refused).toMatchObject({ status: 409, code: 40901 });
    expect(refused.message).toMatch(/available, 99 wanted/);
    expect((await stockOf(sku)).reserved).toBe(0);
    expect((await api.call('GET', `/inventory/outbounds/${data.id}`, { token: admin })).data.status).toBe(0);
  });

  it('lets the shipper plan and submit but never confirm', async () => {
    const sku = skus[5].id;
    await receive(sku, 2, '2026-11-01');
    const { data } = await outbound([{ skuId: sku, pieces: 1 }], shipper);
    expect(data.organizationId).toBe(org);
    expect((await act('outbounds', data.id, 'submit', {}, shipper)).data.status).toBe(3);
    expect((await act('outbounds', data.id, 'confirm', { actualDate: '2026-11-21' }, shipper)).status).toBe(403);
    expect((await act('outbounds', data.id, 'confirm', { actualDate: '2026-11-21' })).data.status).toBe(6);
    expect((await act('outbounds', data.id, 'cancel', {}, shipper)).status).toBe(403);
  });
});

describe("a document's lines under one name", () => {
  const header = {
    inbounds: { inboundType: 1 },
    outbounds: { outboundType: 1, requestDate: '2026-11-20', notifier: 'Tom' },
  };
  const body = (kind: 'inbounds' | 'outbounds', more: object) => ({
    ...header[kind],
    organizationId: org,
    warehouseId: warehouse,
    ...more,
  });
  const linesOf = (data: any, field: string) => data[field].map((l: any) => [l.skuId, l.pieces]);
  const count = async (kind: string) =>
    Number((await api.call('GET', `/inventory/${kind}?pageSize=1`, { token: admin })).data.total);

  for (const kind of ['inbounds', 'outbounds'] as const) {
    it(`${kind}: made and edited with \`lines\`, answered under both names`, async () => {
      const made = await api.call('POST', `/inventory/${kind}`, {
        token: admin,
        body: body(kind, { lines: [{ skuId: skus[0].id, pieces: 3 }] }),
      });
      expect(made.code).toBe(20000);
      expect(linesOf(made.data, 'lines')).toEqual([[skus[0].id, 3]]);
      expect(made.data.products).toEqual(made.data.lines);
      const edited = await api.call('PUT', `/inventory/${kind}/${made.data.id}`, {
        token: admin,
        body: { version: made.data.version, lines: [{ skuId: skus[1].id, pieces: 4 }] },
      });
      expect(edited.data).toMatchObject({ pieces: 4 });
      expect(linesOf(edited.data, 'lines')).toEqual([[skus[1].id, 4]]);
      const bad = await api.call('POST', `/inventory/${kind}`, {
        token: admin,
        body: body(kind, { lines: [{ skuId: skus[0].id, pieces: 0 }] }),
      });
      expect(bad.data.errors.map((e: any) => e.field)).toEqual(['lines.0.pieces']);
    });

    it(`${kind}: still made and edited with the old \`products\`, its problems named under it`, async () => {
      const made = await api.call('POST', `/inventory/${kind}`, {
        token: admin,
        body: body(kind, { products: [{ skuId: skus[1].id, pieces: 5 }] }),
      });
      expect(made.code).toBe(20000);
      expect(linesOf(made.data, 'products')).toEqual([[skus[1].id, 5]]);
      const edited = await api.call('PUT', `/inventory/${kind}/${made.data.id}`, {
        token: admin,
        body: { version: made.data.version, products: [{ skuId: skus[0].id, pieces: 6 }] },
      });
      expect(linesOf(edited.data, 'lines')).toEqual([[skus[0].id, 6]]);
      const bad = await api.call('PUT', `/inventory/${kind}/${made.data.id}`, {
        token: admin,
        body: { version: edited.data.version, products: [{ skuId: 2 ** 31, pieces: 1 }] },
      });
      expect(bad.data.errors.map((e: any) => e.field)).toEqual(['products.0.skuId']);
    });

    it(`${kind}: refuses both names at once with a translated 40001 on the old one, writing nothing`, async () => {
      const made = await api.call('POST', `/inventory/${kind}`, {
        token: admin,
        body: body(kind, { lines: [{ skuId: skus[0].id, pieces: 2 }] }),
      });
      const before = await count(kind);
      const both = { lines: [{ skuId: skus[0].id, pieces: 1 }], products: [{ skuId: skus[1].id, pieces: 1 }] };
      const created = await api.call('POST', `/inventory/${kind}`, { token: admin, body: body(kind, both) });
      expect(created).toMatchObject({ status: 400, code: 40001 });
      expect(created.data.errors).toEqual([
        { field: 'products', message: 'Send lines only: this field is its old name.' },
      ]);
      const edited = await api.call('PUT', `/inventory/${kind}/${made.data.id}`, {
        token: admin,
        lang: 'ja',
        body: { version: made.data.version, ...both },
      });
      expect(edited).toMatchObject({ status: 400, code: 40001 });
      expect(edited.data.errors).toEqual([
        { field: 'products', message: 'lines だけを送ってください。この項目はその旧名です。' },
      ]);
      expect(await count(kind)).toBe(before);
      const kept = (await api.call('GET', `/inventory/${kind}/${made.data.id}/plan`, { token: admin })).data;
      expect(kept).toMatchObject({ version: made.data.version, pieces: 2 });
    });
  }

  it("lists a document's lines at <api>/{id}/lines, and the same at the deprecated /products", async () => {
    const lines = [
      { skuId: skus[0].id, pieces: 7 },
      { skuId: skus[1].id, pieces: 8 },
    ];
    const made = {
      '/inventory/inbounds': body('inbounds', { lines }),
      '/inventory/outbounds': body('outbounds', { lines }),
      '/orders': { organizationId: org, warehouseId: warehouse, deliveryType: 1, lines },
    };
    const doc = (await (await fetch(`${api.url}/api/docs/openapi.json`)).json()) as any;
    for (const [path, sent] of Object.entries(made)) {
      const { data } = await api.call('POST', path, { token: admin, body: sent });
      const now = await api.call('GET', `${path}/${data.id}/lines?sort=id`, { token: admin });
      expect(
        now.data.rows.map((l: any) => [l.skuId, l.pieces]),
        path,
      ).toEqual(lines.map((l) => [l.skuId, l.pieces]));
      expect(await api.call('GET', `${path}/${data.id}/products?sort=id`, { token: admin }), path).toEqual(now);
      // The old path reads the record as the new one does: no record, 404.
      expect((await api.call('GET', `${path}/${data.id + 1000}/products`, { token: admin })).status, path).toBe(404);
      const current = doc.paths[`/api/1.0${path}/{id}/lines`].get;
      const old = doc.paths[`/api/1.0${path}/{id}/products`].get;
      expect(current.deprecated, path).toBeUndefined();
      expect(old.deprecated, path).toBe(true);
      expect(old.description, path).toContain(`${path}/{id}/lines`);
      expect(old.responses['200'], path).toEqual(current.responses['200']);
      expect(old.operationId, path).not.toBe(current.operationId);
    }
  });

  it('documents `lines` and marks `products` deprecated in bodies and answers', async () => {
    const doc = (await (await fetch(`${api.url}/api/docs/openapi.json`)).json()) as any;
    const resolve = (s: any): any => (s?.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()]) : s);
    for (const kind of ['inbounds', 'outbounds'])
      for (const [path, method] of [
        [`/api/1.0/inventory/${kind}`, 'post'],
        [`/api/1.0/inventory/${kind}/{id}`, 'put'],
      ]) {
        const operation = doc.paths[path][method];
        const sent = resolve(operation.requestBody.content['application/json'].schema).properties;
        expect(resolve(sent.lines), path).toMatchObject({ type: 'array' });
        expect(resolve(sent.lines).deprecated, path).toBeUndefined();
        expect(sent.products, path).toMatchObject({ deprecated: true, type: 'array' });
        expect(sent.products.description, path).toContain('`lines`');
        const answer = resolve(resolve(operation.responses['200'].content['application/json'].schema).properties.data);
        expect(resolve(answer.properties.lines).deprecated, path).toBeUndefined();
        expect(resolve(answer.properties.products), path).toMatchObject({ deprecated: true, type: 'array' });
      }
  });
});

describe('tenant isolation', () => {
  it("hides other organizations' documents and stock from the shipper", async () => {
    const other = (await api.call('GET', '/organizations?organizationCode=NBHS02', { token: admin })).data.rows[0].id;
    const otherSku = (await api.call('GET', `/products/skus?organizationId=${other}`, { token: admin })).data.rows[0]
      .id;
    const { data } = await api.call('POST', '/inventory/inbounds', {
      token: admin,
      body: {
        organizationId: other,
        warehouseId: warehouse,
        inboundType: 1,
        products: [{ skuId: otherSku, pieces: 3 }],
      },
    });
    expect((await api.call('GET', `/inventory/inbounds/${data.id}`, { token: shipper })).status).toBe(404);
    expect((await act('inbounds', data.id, 'submit', {}, shipper)).status).toBe(404);
    expect((await api.call('GET', `/inventory/inbounds/${data.id}/products`, { token: shipper })).status).toBe(404);
    const list = await api.call('GET', '/inventory/inbounds?pageSize=1000', { token: shipper });
    expect(list.data.rows.every((r: any) => r.organizationId === org)).toBe(true);
    const forged = await api.call('POST', '/inventory/inbounds', {
      token: shipper,
      body: { organizationId: other, warehouseId: warehouse, inboundType: 1 },
    });
    expect(forged.data.errors).toEqual([{ field: 'organizationId', message: 'The selected record does not exist.' }]);
  });
});

describe('POD files', () => {
  it('attaches an uploaded POD file, and refuses saving without one', async () => {
    const { data } = await inbound([{ skuId: skus[0].id, pieces: 1 }]);
    const empty = await act('inbounds', data.id, 'pod', {});
    expect(empty.data.errors).toEqual([{ field: 'podFile', message: 'Please upload the pod file.' }]);
    const form = new FormData();
    form.append('folder', 'pod');
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'pod.pdf');
    const upload = (await (
      await fetch(`${api.url}/api/1.0/oss/upload`, { method: 'POST', headers: { authorization: admin }, body: form })
    ).json()) as any;
    const saved = await act('inbounds', data.id, 'pod', { podFile: upload.data.path });
    expect(saved.data.podFile).toBe(upload.data.path);
    expect((await act('inbounds', data.id, 'pod', { podFile: upload.data.path }, shipper)).status).toBe(403);
  });
});
