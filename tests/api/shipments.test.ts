import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let admin: string;
let shipper: string;
let org: number;
let ids: Record<string, number>;
let skus: any[];

const api = fileApi();
beforeAll(async () => {
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  org = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
  const get = async (path: string) => (await api.call('GET', path, { token: admin })).data.rows[0].id as number;
  ids = {
    china: await get('/config/countries?code=CHN'),
    usa: await get('/config/countries?code=USA'),
    shanghai: await get('/config/ports?code=CNSHA'),
    losAngeles: await get('/config/ports?code=USLAX'),
    rotterdam: await get('/config/ports?code=NLRTM'),
    carrier: await get('/config/partners?partnerCode=COSCO'),
    warehouse: await get('/config/warehouses?shortName=LAX-ONT'),
  };
  skus = (await api.call('GET', `/products/skus?organizationId=${org}&sort=id&pageSize=10`, { token: admin })).data
    .rows;
});

const shipmentBody = (over: object = {}) => ({
  organizationId: org,
  shipmentType: 1,
  shipmentMode: 1,
  originCountryId: ids.china,
  destinationCountryId: ids.usa,
  loadingPortId: ids.shanghai,
  dischargePortId: ids.losAngeles,
  carrierId: ids.carrier,
  incoterms: 'FOB',
  blNo: 'COSU6312345670',
  etd: '2026-11-01',
  eta: '2026-11-18',
  cargoVolume: 67.5,
  ...over,
});
const post = (path: string, body: object, token = admin, lang?: string) =>
  api.call('POST', path, { token, body, lang });
/** A container of a shipment, by its number and type. */
const containerOf = (shipmentId: number, containerNo: string, containerType: string) =>
  post('/shipments/containers', { shipmentId, containerNo, containerType });

describe('shipments with containers and goods', () => {
  it('creates a shipment, a container and goods, and marks the SKU shipped', async () => {
    const shipment = await post('/shipments', shipmentBody());
    expect(shipment.code).toBe(20000);
    const container = await post('/shipments/containers', {
      shipmentId: shipment.data.id,
      containerNo: 'csqu 305438 3',
      containerType: '40HQ',
      grossWeight: 18000,
      palletAmount: 20,
    });
    expect(container.data).toMatchObject({ containerNo: 'CSQU3054383' });
    const goods = await post('/shipments/goods', {
      containerId: container.data.id,
      skuId: skus[0].id,
      quantity: 100,
      pieces: 100,
      pallets: 5,
      unitPrice: 3.2,
      currency: 2,
    });
    expect(goods.data).toMatchObject({
      shipmentId: shipment.data.id,
      productId: skus[0].productId,
      totalPrice: 320,
      warehouseStatus: 3,
    });
    const list = await api.call('GET', `/shipments/${shipment.data.id}/goods`, { token: admin });
    expect(list.data.total).toBe(1);
    const log = await api.call('GET', `/inventory/productLogs?skuId=${skus[0].id}&event=9`, { token: admin });
    expect(log.data.rows[0]).toMatchObject({ warehouseStatus: 3, documentNo: 'COSU6312345670' });
  });

  it('gives field errors for a bad check digit, dates out of order, a port of another country, and a missing parent', async () => {
    const dates = await post('/shipments', shipmentBody({ eta: '2026-10-01', atd: '2026-11-02', ata: '2026-11-01' }));
    expect(dates.data.errors).toEqual([
      { field: 'eta', message: 'The ETA cannot be before the ETD.' },
      { field: 'ata', message: 'The ATA cannot be before the ATD.' },
    ]);
    const port = await post('/shipments', shipmentBody({ dischargePortId: ids.rotterdam }));
    expect(port.data.errors).toEqual([
      { field: 'dischargePortId', message: 'This port is not in the chosen country.' },
    ]);
    const noCountry = await post('/shipments', shipmentBody({ originCountryId: undefined }));
    expect(noCountry.data.errors).toContainEqual({ field: 'originCountryId', message: 'Please select a country.' });
    const { data: shipment } = await post('/shipments', shipmentBody());
    const digit = await post(
      '/shipments/containers',
      { shipmentId: shipment.id, containerNo: 'CSQU3054384', containerType: '20GP' },
      admin,
      'zh',
    );
    expect(digit.data.errors).toEqual([{ field: 'containerNo', message: '集装箱号校验位不正确（ISO 6346）。' }]);
    const orphanContainer = await post('/shipments/containers', { containerNo: 'CSQU3054383', containerType: '20GP' });
    expect(orphanContainer.data.errors).toEqual([
      { field: 'shipmentId', message: 'Please create the shipment, then add the containers.' },
    ]);
    const orphanGoods = await post('/shipments/goods', { skuId: skus[0].id, quantity: 1, pieces: 1 });
    expect(orphanGoods.data.errors).toEqual([
      { field: 'containerId', message: 'Please create the container, then add the goods.' },
    ]);
  });

  it('copies a shipment with its containers and goods, clearing dates and BL', async () => {
    const { data: shipment } = await post('/shipments', shipmentBody({ atd: '2026-11-02' }));
    const { data: container } = await containerOf(shipment.id, 'MSKU9070323', '20GP');
    await post('/shipments/goods', { containerId: container.id, skuId: skus[1].id, quantity: 10, pieces: 10 });
    const copy = await post(`/shipments/${shipment.id}/copy`, {});
    expect(copy.data).toMatchObject({
      organizationId: org,
      loadingPortId: ids.shanghai,
      incoterms: 'FOB',
      blNo: null,
      etd: null,
      eta: null,
      atd: null,
    });
    expect(copy.data.id).not.toBe(shipment.id);
    const containers = (await api.call('GET', `/shipments/${copy.data.id}/containers`, { token: admin })).data.rows;
    expect(containers).toHaveLength(1);
    expect(containers[0].id).not.toBe(container.id);
    const goods = (await api.call('GET', `/shipments/${copy.data.id}/goods`, { token: admin })).data.rows;
    expect(goods).toMatchObject([{ containerId: containers[0].id, skuId: skus[1].id, pieces: 10 }]);
  });

  it('turns the goods into an inbound order, and after confirm the goods are in the warehouse', async () => {
    const { data: shipment } = await post('/shipments', shipmentBody());
    const { data: c1 } = await containerOf(shipment.id, 'CSQU3054383', '40HQ');
    const { data: c2 } = await containerOf(shipment.id, 'TOLU4734787', '40HQ');
    await post('/shipments/goods', { containerId: c1.id, skuId: skus[2].id, quantity: 30, pieces: 30, pallets: 2 });
    await post('/shipments/goods', { containerId: c2.id, skuId: skus[2].id, quantity: 20, pieces: 20, pallets: 1 });
    await post('/shipments/goods', { containerId: c2.id, skuId: skus[3].id, quantity: 5, pieces: 5, pallets: 1 });
    expect((await post(`/shipments/${shipment.id}/inbound`, {})).data.errors[0].field).toBe('warehouseId');
    expect((await post(`/shipments/${shipment.id}/inbound`, { warehouseId: 2 ** 31 })).data.errors[0].field).toBe(
      'warehouseId',
    );
    const inbound = await post(`/shipments/${shipment.id}/inbound`, { warehouseId: ids.warehouse });
    expect(inbound.data).toMatchObject({
      organizationId: org,
      inboundType: 1,
      blNo: 'COSU6312345670',
      etd: '2026-11-01',
      eta: '2026-11-18',
      status: 0,
    });
    // The lines under their name, and under the old one, deprecated, the same.
    expect(inbound.data.products).toEqual(inbound.data.lines);
    expect(inbound.data.lines.map((l: any) => [l.skuId, l.pieces, l.pallets])).toEqual([
      [skus[2].id, 50, 3],
      [skus[3].id, 5, 1],
    ]);
    expect(await post(`/shipments/${shipment.id}/inbound`, { warehouseId: ids.warehouse })).toMatchObject({
      status: 409,
      code: 40901,
    });
    expect((await api.call('GET', `/shipments/${shipment.id}`, { token: admin })).data.inboundId).toBe(inbound.data.id);
    await post(`/inventory/inbounds/${inbound.data.id}/submit`, {});
    await post(`/inventory/inbounds/${inbound.data.id}/confirm`, { inboundDate: '2026-11-20' });
    const goods = (await api.call('GET', `/shipments/${shipment.id}/goods`, { token: admin })).data.rows;
    expect(goods.every((g: any) => g.warehouseStatus === 6)).toBe(true);
  });
});

describe('tenant isolation and roles', () => {
  it('shows the shipper only their shipments, read-only', async () => {
    const other = (await api.call('GET', '/organizations?organizationCode=NBHS02', { token: admin })).data.rows[0].id;
    const { data: foreign } = await post('/shipments', shipmentBody({ organizationId: other }));
    const { data: container } = await containerOf(foreign.id, 'CSQU3054383', '20GP');
    const { data: attachment } = await post('/attachments', {
      shipmentId: foreign.id,
      attachmentType: 1,
      name: 'BL.pdf',
      path: 'shipments/202611/00000000-0000-0000-0000-000000000000.pdf',
    });
    for (const path of [
      `/shipments/${foreign.id}`,
      `/shipments/containers/${container.id}`,
      `/attachments/${attachment.id}`,
      `/shipments/${foreign.id}/goods`,
    ])
      expect((await api.call('GET', path, { token: shipper })).status).toBe(404);
    const mine = await api.call('GET', '/shipments?pageSize=1000', { token: shipper });
    expect(mine.data.rows.every((s: any) => s.organizationId === org)).toBe(true);
    expect((await post('/shipments', shipmentBody(), shipper)).status).toBe(403);
    expect((await post(`/shipments/${mine.data.rows[0].id}/copy`, {}, shipper)).status).toBe(403);
  });

  it('refuses a stale version', async () => {
    const { data } = await post('/shipments', shipmentBody());
    expect(
      (await api.call('PUT', `/shipments/${data.id}`, { token: admin, body: { version: 1, remarks: 'a' } })).code,
    ).toBe(20000);
    expect(
      await api.call('PUT', `/shipments/${data.id}`, { token: admin, body: { version: 1, remarks: 'b' } }),
    ).toMatchObject({ status: 409, code: 40901 });
  });
});
