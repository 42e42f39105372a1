import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let admin: string;
let org: number;
let ids: Record<string, number>;
let sku: { id: number };

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  const shipper = await api.login('shipper');
  org = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
  const get = async (path: string) => (await api.call('GET', path, { token: admin })).data.rows[0].id as number;
  ids = {
    china: await get('/config/countries?code=CHN'),
    usa: await get('/config/countries?code=USA'),
    warehouse: await get('/config/warehouses?shortName=LAX-ONT'),
  };
  sku = (await api.call('GET', `/products/skus?organizationId=${org}&sort=id&pageSize=1`, { token: admin })).data
    .rows[0];
});

const post = (path: string, body: object) => api.call('POST', path, { token: admin, body });

/** A shipment of one container holding `pieces` of the SKU; its goods' status as listed. */
const ship = async (blNo: string) => {
  const { data: shipment } = await post('/shipments', {
    organizationId: org,
    shipmentType: 1,
    originCountryId: ids.china,
    destinationCountryId: ids.usa,
    blNo,
  });
  const { data: container } = await post('/shipments/containers', {
    shipmentId: shipment.id,
    containerNo: 'CSQU3054383',
    containerType: '40HQ',
  });
  await post('/shipments/goods', { containerId: container.id, skuId: sku.id, quantity: 10, pieces: 10, pallets: 1 });
  const status = async () =>
    (await api.call('GET', `/shipments/${shipment.id}/goods`, { token: admin })).data.rows.map(
      (g: any) => g.warehouseStatus,
    );
  return { shipment, status };
};

describe('the goods status follows their shipment', () => {
  it('is shipped until the shipment inbound is confirmed, whatever else of the SKU is in stock', async () => {
    const first = await ship('FIRST001');
    expect(await first.status()).toEqual([3]);
    const { data: inbound } = await post(`/shipments/${first.shipment.id}/inbound`, { warehouseId: ids.warehouse });
    await post(`/inventory/inbounds/${inbound.id}/submit`, {});
    expect(await first.status()).toEqual([3]);
    await post(`/inventory/inbounds/${inbound.id}/confirm`, { inboundDate: '2026-11-20' });
    expect(await first.status()).toEqual([6]);

    // The SKU itself is now in the warehouse; goods of a second shipment at sea are still shipped.
    expect((await api.call('GET', `/products/skus/${sku.id}`, { token: admin })).data.warehouseStatus).toBe(6);
    const second = await ship('SECOND01');
    expect(await second.status()).toEqual([3]);
  });
});
