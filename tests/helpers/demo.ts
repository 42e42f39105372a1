import { beforeAll } from 'vitest';
import type { ApiClient } from './api';

/**
 * Where the demo shipper's documents are made: the organization the shipper acts for, and LAX-ONT,
 * the warehouse its stock is received into.
 */
export async function shipperPlace(api: ApiClient, admin: string, shipper: string) {
  const info = await api.call('POST', '/system/users/getInfo', { token: shipper });
  const warehouses = await api.call('GET', '/config/warehouses?shortName=LAX-ONT', { token: admin });
  return { organizationId: info.data.organizationId as number, warehouseId: warehouses.data.rows[0].id as number };
}

/**
 * The demo admin and shipper signed in, the shipper's place and its first SKU, for a file's tests:
 * read in a beforeAll of its own, so the file's later hooks and its tests find them filled.
 */
export function shipperDemo(api: ApiClient) {
  const demo = { admin: '', shipper: '', org: 0, warehouse: 0, sku: 0 };
  beforeAll(async () => {
    [demo.admin, demo.shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
    const place = await shipperPlace(api, demo.admin, demo.shipper);
    demo.org = place.organizationId;
    demo.warehouse = place.warehouseId;
    const skus = await api.call('GET', `/products/skus?organizationId=${demo.org}&sort=id&pageSize=1`, {
      token: demo.admin,
    });
    demo.sku = skus.data.rows[0].id;
  }, 180_000);
  return demo;
}

/** A draft inbound of the first organization's first SKU, 3 pieces, made by `token`, and that organization. */
export async function draftInbound(api: ApiClient, token: string) {
  const org = (await api.call('GET', '/organizations?pageSize=1', { token })).data.rows[0];
  const warehouseId = (await api.call('GET', '/config/warehouses?pageSize=1', { token })).data.rows[0].id;
  const skuId = (await api.call('GET', `/products/skus?organizationId=${org.id}&pageSize=1`, { token })).data.rows[0]
    .id;
  const inbound = await api.call('POST', '/inventory/inbounds', {
    token,
    body: { organizationId: org.id, warehouseId, inboundType: 1, products: [{ skuId, pieces: 3 }] },
  });
  return { org, inbound };
}

/** The first two organizations with products of their own: one to act for, one to stay out of. */
export async function twoOrganizationsWithProducts(api: ApiClient) {
  const [a, b] = await api.db.query<{ id: number }>(
    `SELECT o.id FROM organizations o WHERE EXISTS (SELECT 1 FROM products p WHERE p.organization_id = o.id)
      ORDER BY o.id LIMIT 2`,
  );
  return [a.id, b.id];
}

/** An inbound as a shipper announces a sea container, its bill of lading and dates, with the fields given. */
export const announcedInbound = (fields: object) => ({
  inboundType: 1,
  blNo: 'COSU6312345670',
  etd: '2026-10-01',
  eta: '2026-11-01',
  plannedInboundDate: '2026-11-05',
  ...fields,
});

/** A SKU counted in single pieces at a price of 1, as tests that need one more SKU make it, with the fields given. */
export const pieceSku = (fields: object) => ({
  quantity: 1,
  quantityUnit: 1,
  packingType: 1,
  unitPrice: 1,
  currency: 1,
  priceType: 1,
  ...fields,
});

/** An outbound a shipper requests for 2026-11-20, with the fields given. */
export const requestedOutbound = (fields: object) => ({
  outboundType: 1,
  requestDate: '2026-11-20',
  notifier: 'Tom',
  ...fields,
});

/** A manual expense for re-packing two cartons at 5.00 (USD), with the fields given (who, where, when). */
export const repackingExpense = (fields: object) => ({
  subType: 302,
  unit: 3,
  quantity: 2,
  unitPrice: 5,
  currency: 2,
  reason: 'Re-packing',
  ...fields,
});

/** Days 1-30 free, 31-60 at 1.20, 61+ at 1.80; unloading 5.00 and loading 3.00 per pallet; road transport 85.00 per order. */
export const demoLines = [
  {
    feeType: 1,
    subType: 101,
    unit: 1,
    segmentType: 1,
    segments: [
      { from: 1, to: 30, unitPrice: 0 },
      { from: 31, to: 60, unitPrice: 1.2 },
      { from: 61, unitPrice: 1.8 },
    ],
  },
  { feeType: 2, subType: 201, unit: 3, segmentType: 2, segments: [{ from: 1, unitPrice: 5 }] },
  { feeType: 3, subType: 202, unit: 3, segmentType: 2, segments: [{ from: 1, unitPrice: 3 }] },
  { feeType: 4, subType: 402, unit: 4, segmentType: 2, segments: [{ from: 1, unitPrice: 85 }] },
];
