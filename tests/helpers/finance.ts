import { expect } from 'vitest';
import type { ApiClient } from './api';

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

/** Storage at one rate a pallet a day from the first day. */
export const flatStorage = (unitPrice: number) => ({
  feeType: 1,
  subType: 101,
  unit: 1,
  segmentType: 1,
  segments: [{ from: 1, unitPrice }],
});

/**
 * A fee model of the customer's own at a warehouse, in USD and valid since 2020 (before any date a
 * test bills), made by `token`; its record, once the server took it.
 */
export async function ownFeeModel(
  api: ApiClient,
  token: string,
  place: { organizationId: number; warehouseId: number },
  name: string,
  lines: object[],
) {
  const model = await api.call('POST', '/finance/feeModels', {
    token,
    body: { name, ...place, currency: 2, validFrom: '2020-01-01', lines },
  });
  expect(model.code, model.message).toBe(20000);
  return model.data as { id: number; version: number };
}
