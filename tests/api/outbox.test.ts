import { beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/server/workflows/documents';
import { fileApi } from '../helpers/api';
import { announcedInbound, shipperDemo } from '../helpers/demo';

let chinaId: number;

const api = fileApi();
const demo = shipperDemo(api);
beforeAll(async () => {
  chinaId = (await api.call('GET', '/config/countries?code=CHN', { token: demo.admin })).data.rows[0].id;
});

const lastSeq = () => api.app.outbox.lastSeq();
/** The change since `before` wrote one event, this one. */
const expectOneEventSince = async (before: number, event: object) =>
  expect(await api.app.outbox.read(before, 10)).toEqual([expect.objectContaining(event)]);

describe('the outbox', () => {
  it('holds one event for an engine create, with no organization for staff data', async () => {
    const before = await lastSeq();
    const port = await api.call('POST', '/config/ports', {
      token: demo.admin,
      body: { countryId: chinaId, code: 'CNOUT', nameCn: '外', nameEn: 'Outbox', displayOrder: 1, status: 1 },
    });
    expect(port.code).toBe(20000);
    await expectOneEventSince(before, {
      type: 'ports.created',
      resource: 'ports',
      recordId: String(port.data.id),
      organizationId: null,
      payload: expect.objectContaining({ id: port.data.id, action: 'create' }),
    });
  });

  it('holds one event per workflow action, named for customers and of the record organization', async () => {
    const created = await api.call('POST', '/inventory/inbounds', {
      token: demo.admin,
      body: announcedInbound({
        organizationId: demo.org,
        warehouseId: demo.warehouse,
        products: [{ skuId: demo.sku, pieces: 5, pallets: 1 }],
      }),
    });
    const before = await lastSeq();
    expect((await api.call('POST', `/inventory/inbounds/${created.data.id}/submit`, { token: demo.admin })).code).toBe(
      20000,
    );
    await expectOneEventSince(before, {
      type: 'inbound.submitted',
      resource: 'inbounds',
      recordId: String(created.data.id),
      organizationId: demo.org,
      payload: expect.objectContaining({ action: 'submit', fromStatus: 0, status: 3 }),
    });
    expect((await api.app.outbox.read(0, 1000, demo.org)).map((e) => e.type)).toContain('inbounds.created');
  });

  it('holds nothing of a change that rolled back', async () => {
    const before = await lastSeq();
    const failed = api.db.transaction(async (tx) => {
      await audit(tx, { userId: 1, entity: 'ports', entityId: 1, action: 'edit', after: {} });
      throw new Error('rolled back after the change was audited');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(await api.app.outbox.read(before, 10)).toEqual([]);
  });

  it('wakes its readers once the change commits', async () => {
    let woken = 0;
    const off = api.app.outbox.onCommitted(() => woken++);
    await api.call('POST', '/config/ports', {
      token: demo.admin,
      body: { countryId: chinaId, code: 'CNWAK', nameCn: '醒', nameEn: 'Wake', displayOrder: 2, status: 1 },
    });
    off();
    expect(woken).toBeGreaterThan(0);
    expect((await api.app.outbox.read(0, 1, null)).length).toBe(1);
  });
});
