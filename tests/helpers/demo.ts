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

/** An inbound as a shipper announces a sea container, its bill of lading and dates, with the fields given. */
export const announcedInbound = (fields: object) => ({
  inboundType: 1,
  blNo: 'COSU6312345670',
  etd: '2026-10-01',
  eta: '2026-11-01',
  plannedInboundDate: '2026-11-05',
  ...fields,
});
