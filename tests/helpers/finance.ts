import { expect } from 'vitest';
import type { ApiClient } from './api';

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

/** Stock moves through the API, as the warehouse would make them. */
export const stockMoves = (api: ApiClient, token: string, warehouseId: number) => {
  const ok = <T = any>(reply: { code: number; message: string; data: T }) => {
    expect(reply.code, reply.message).toBe(20000);
    return reply.data;
  };
  return {
    async receive(organizationId: number, skuId: number, pieces: number, pallets: number, inboundDate: string) {
      const inbound = ok(
        await api.call('POST', '/inventory/inbounds', {
          token,
          body: { organizationId, warehouseId, inboundType: 1, products: [{ skuId, pieces, pallets }] },
        }),
      );
      ok(await api.call('POST', `/inventory/inbounds/${inbound.id}/submit`, { token, body: {} }));
      ok(await api.call('POST', `/inventory/inbounds/${inbound.id}/confirm`, { token, body: { inboundDate } }));
      return inbound.id as number;
    },
    async ship(organizationId: number, skuId: number, pieces: number, actualDate: string) {
      const outbound = ok(
        await api.call('POST', '/inventory/outbounds', {
          token,
          body: {
            organizationId,
            warehouseId,
            outboundType: 1,
            requestDate: actualDate,
            notifier: 'Tom',
            products: [{ skuId, pieces }],
          },
        }),
      );
      ok(await api.call('POST', `/inventory/outbounds/${outbound.id}/submit`, { token, body: {} }));
      ok(await api.call('POST', `/inventory/outbounds/${outbound.id}/confirm`, { token, body: { actualDate } }));
      return outbound.id as number;
    },
  };
};
