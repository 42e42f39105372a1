import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { announcedInbound, pieceSku, requestedOutbound, shipperDemo } from '../helpers/demo';

let foreignOrg: number;
let product: number;
let foreignProduct: number;

const api = fileApi();
const demo = shipperDemo(api);
beforeAll(async () => {
  const products = (await api.call('GET', '/products?pageSize=1000', { token: demo.admin })).data.rows;
  product = products.find((p: { organizationId: number }) => p.organizationId === demo.org).id;
  const foreign = products.find((p: { organizationId: number }) => p.organizationId !== demo.org);
  foreignProduct = foreign.id;
  foreignOrg = foreign.organizationId;
});

const newSku = (barcode: string | undefined, productId = product) =>
  api.call('POST', '/products/skus', {
    token: demo.admin,
    body: pieceSku({
      productId,
      title: `Scanner test ${barcode ?? 'none'}`,
      ...(barcode !== undefined && { barcode }),
    }),
  });

const act = (kind: string, id: number, action: string, body: object = {}) =>
  api.call('POST', `/inventory/${kind}/${id}/${action}`, { token: demo.admin, body });

const receive = async (
  lines: { skuId: number; pieces: number; pallets: number }[],
  date: string,
  organizationId = demo.org,
) => {
  const { data } = await api.call('POST', '/inventory/inbounds', {
    token: demo.admin,
    body: announcedInbound({ organizationId, warehouseId: demo.warehouse, products: lines }),
  });
  await act('inbounds', data.id, 'submit');
  expect((await act('inbounds', data.id, 'confirm', { inboundDate: date })).code).toBe(20000);
  return data.id as number;
};

/** The raw answer of the labels route: a PDF on success, the JSON envelope otherwise. */
const labels = async (query: string, token = demo.admin, lang = 'en') => {
  const response = await fetch(`${api.url}/api/1.0/inventory/lots/labels?${query}`, {
    headers: { authorization: token, 'accept-language': lang },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type') ?? '', body };
};

/** Page count and the text of every content stream of one of our PDFs. */
const readPdf = (pdf: Buffer) => {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type \/Page /g)?.length ?? 0;
  const streams = [...text.matchAll(/>>\nstream\n/g)].map((m) => {
    const start = m.index! + m[0].length;
    const length = Number(/\/Length (\d+)/.exec(text.slice(text.lastIndexOf('<<', m.index), m.index))![1]);
    return inflateSync(pdf.subarray(start, start + length)).toString('latin1');
  });
  return { pages, content: streams.join('\n') };
};

describe('SKU barcodes', () => {
  it('refuses a 13-digit code whose EAN-13 check digit is wrong, naming the field, and writes nothing', async () => {
    const before = (await api.call('GET', '/products/skus?pageSize=1', { token: demo.admin })).data.total;
    const bad = await newSku('4006381333932');
    expect(bad).toMatchObject({ status: 400, code: 40001 });
    expect(bad.data.errors).toEqual([{ field: 'barcode', message: expect.stringContaining('EAN-13') }]);
    for (const code of ['ABC\u0001', ' padded', '条码'])
      expect((await newSku(code)).data.errors[0].field).toBe('barcode');
    expect((await api.call('GET', '/products/skus?pageSize=1', { token: demo.admin })).data.total).toBe(before);
  });

  it('keeps a code unique within an organization only, and finds the SKU by it', async () => {
    const first = await newSku('4006381333931');
    expect(first.code).toBe(20000);
    const again = await newSku('4006381333931');
    expect(again).toMatchObject({ status: 400, code: 40001 });
    expect(again.data.errors[0].field).toBe('barcode');
    expect((await newSku('4006381333931', foreignProduct)).code).toBe(20000);
    expect((await newSku('CARTON-77/A')).code).toBe(20000);
    const found = await api.call('GET', `/products/skus?barcode=4006381333931&organizationId=${demo.org}`, {
      token: demo.shipper,
    });
    expect(found.data.rows.map((r: { id: number }) => r.id)).toEqual([first.data.id]);
  });
});

describe('lot labels', () => {
  let sku: number;
  let inbound: number;
  let lots: number[];

  beforeAll(async () => {
    sku = (await newSku('5901234123457')).data.id;
    inbound = await receive(
      [
        { skuId: sku, pieces: 10, pallets: 1 },
        { skuId: sku, pieces: 20, pallets: 2 },
        { skuId: sku, pieces: 5, pallets: 1 },
      ],
      '2026-11-10',
    );
    lots = (await api.call('GET', `/inventory/lots?inboundId=${inbound}&sort=id`, { token: demo.admin })).data.rows.map(
      (l: { id: number }) => l.id,
    );
    expect(lots).toHaveLength(3);
  });

  it('answers a PDF with one 100 x 150 mm page a lot, naming each lot in the reader language', async () => {
    const answer = await labels(`inboundId=${inbound}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('application/pdf');
    expect(answer.body.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = readPdf(answer.body);
    expect(pdf.pages).toBe(3);
    expect(answer.body.toString('latin1')).toContain('/MediaBox [0 0 283.465 425.197]');
    for (const id of lots) expect(pdf.content).toContain(`(Lot: L${id})`);
    expect(pdf.content).toContain('(Inbound date: 2026-11-10)');
    const spanish = readPdf((await labels(`ids=${lots[0]}`, demo.admin, 'es')).body);
    expect(spanish.content).toContain(`(Lote: L${lots[0]})`);
  });

  it('puts four labels on an A4 sheet and prints the lots named, a SKU its lots in stock', async () => {
    const a4 = await labels(`ids=${lots.join(',')},${lots[0]}&layout=a4`);
    expect(readPdf(a4.body).pages).toBe(1);
    expect(a4.body.toString('latin1')).toContain('/MediaBox [0 0 595.276 841.89]');
    expect(readPdf((await labels(`ids=${lots[1]}`)).body).pages).toBe(1);
    expect(readPdf((await labels(`skuId=${sku}`)).body).pages).toBe(3);
  });

  it('answers 404 for a lot, inbound or SKU of another customer, and prints nothing', async () => {
    const foreignSku = (await newSku('9780201379624', foreignProduct)).data.id;
    const foreignInbound = await receive([{ skuId: foreignSku, pieces: 4, pallets: 1 }], '2026-11-11', foreignOrg);
    const foreignLot = (await api.call('GET', `/inventory/lots?inboundId=${foreignInbound}`, { token: demo.admin }))
      .data.rows[0].id;
    expect((await labels(`ids=${lots[0]}`, demo.shipper)).status).toBe(200);
    expect((await labels(`ids=${foreignLot}`)).status).toBe(200);
    const refused = await labels(`ids=${lots[0]},${foreignLot}`, demo.shipper);
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.body.toString()).code).toBe(40401);
    expect((await labels(`inboundId=${foreignInbound}`, demo.shipper)).status).toBe(404);
    expect((await labels(`skuId=${foreignSku}`, demo.shipper)).status).toBe(404);
    expect((await labels('ids=999999')).status).toBe(404);
  });

  it('refuses a request naming no lots, several selectors or malformed ids with 40001', async () => {
    for (const query of ['', `ids=${lots[0]}&inboundId=${inbound}`, 'ids=1,x', 'ids=0', 'ids=', 'inboundId=1,2'])
      expect(JSON.parse((await labels(query)).body.toString())).toMatchObject({ code: 40001 });
    expect(JSON.parse((await labels(`ids=${lots[0]}&layout=letter`)).body.toString()).data.errors[0].field).toBe(
      'layout',
    );
    expect(JSON.parse((await labels(`ids=${Array(501).fill(lots[0]).join(',')}`)).body.toString()).code).toBe(40001);
  });
});

describe('picks of an outbound', () => {
  it('lists the lots its confirm then takes, first in first out, with their label codes', async () => {
    const sku = (await newSku('PICK-1')).data.id;
    const late = await receive([{ skuId: sku, pieces: 8, pallets: 1 }], '2026-11-12');
    const early = await receive([{ skuId: sku, pieces: 5, pallets: 1 }], '2026-11-02');
    const lotOf = async (inboundId: number) =>
      (await api.call('GET', `/inventory/lots?inboundId=${inboundId}`, { token: demo.admin })).data.rows[0]
        .id as number;
    const [lateLot, earlyLot] = [await lotOf(late), await lotOf(early)];
    const { data } = await api.call('POST', '/inventory/outbounds', {
      token: demo.admin,
      body: requestedOutbound({
        organizationId: demo.org,
        warehouseId: demo.warehouse,
        products: [{ skuId: sku, pieces: 9 }],
      }),
    });
    expect((await api.call('GET', `/inventory/outbounds/${data.id}/picks`, { token: demo.admin })).code).toBe(40901);
    await act('outbounds', data.id, 'submit');
    const picks = await api.call('GET', `/inventory/outbounds/${data.id}/picks`, { token: demo.admin });
    expect(picks.data.short).toBe(0);
    expect(picks.data.rows).toMatchObject([
      { lotId: earlyLot, lotCode: `L${earlyLot}`, pieces: 5, inboundDate: '2026-11-02', skuBarcode: 'PICK-1' },
      { lotId: lateLot, lotCode: `L${lateLot}`, pieces: 4, inboundDate: '2026-11-12' },
    ]);
    expect((await api.call('GET', `/inventory/outbounds/${data.id}/picks`, { token: demo.shipper })).status).toBe(403);
    const scanned = picks.data.rows.map((p: { lotId: number; pieces: number }) => ({
      lotId: p.lotId,
      pieces: p.pieces,
    }));
    const stale = await act('outbounds', data.id, 'confirm', {
      actualDate: '2026-11-21',
      takes: [{ lotId: lateLot, pieces: 9 }],
    });
    expect(stale).toMatchObject({ status: 409, code: 40901 });
    const malformed = await act('outbounds', data.id, 'confirm', { takes: [{ lotId: 'L1', pieces: 1 }] });
    expect(malformed.data.errors[0].field).toBe('takes');
    expect((await api.call('GET', `/inventory/outbounds/${data.id}`, { token: demo.admin })).data.status).toBe(3);
    expect((await act('outbounds', data.id, 'confirm', { actualDate: '2026-11-21', takes: scanned })).code).toBe(20000);
    const takes = await api.call('GET', `/inventory/outbounds/${data.id}/takes`, { token: demo.admin });
    expect(
      takes.data.rows
        .map((t: { lotId: number; pieces: number }) => ({ lotId: t.lotId, pieces: t.pieces }))
        .sort((a: { lotId: number }, b: { lotId: number }) => a.lotId - b.lotId),
    ).toEqual(
      picks.data.rows
        .map((p: { lotId: number; pieces: number }) => ({ lotId: p.lotId, pieces: p.pieces }))
        .sort((a: { lotId: number }, b: { lotId: number }) => a.lotId - b.lotId),
    );
  });
});
