import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';
import { draftInbound, repackingExpense, shipperPlace } from '../helpers/demo';
import { mallHelpers } from '../helpers/orders';

let admin: string;

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
});

type Audit = { rows: { entity: string; entityId: string; action: string }[]; labels?: Record<string, any> };

const auditOf = async (entity: string) =>
  (await api.call<Audit>('GET', `/system/audit?entity=${entity}&pageSize=50`, { token: admin })).data;

describe('the audit trail names the records its rows are about', () => {
  it("gives each row's record the naming fields of its own resource, keyed by resource and id", async () => {
    const { org, inbound } = await draftInbound(api, admin);
    expect(inbound.code).toBe(20000);
    await api.call('POST', `/inventory/inbounds/${inbound.data.id}/submit`, { token: admin, body: {} });
    const edited = await api.call('PUT', `/organizations/${org.id}`, {
      token: admin,
      body: { version: org.version, website: 'https://audit.example.com' },
    });
    expect(edited.code).toBe(20000);

    const inbounds = await auditOf('inbounds');
    expect(inbounds.rows.filter((r) => r.entityId === String(inbound.data.id)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['create', 'submit']),
    );
    expect(inbounds.labels!.entityId[`inbounds:${inbound.data.id}`]).toEqual({ orderNo: inbound.data.orderNo });

    const organizations = await auditOf('organizations');
    expect(organizations.labels!.entityId[`organizations:${org.id}`]).toEqual(
      expect.objectContaining({ organizationName: org.organizationName }),
    );
  });

  it('names records of every resource on one page, and leaves a deleted one unnamed', async () => {
    const port = (await api.call('GET', '/config/ports?pageSize=1', { token: admin })).data.rows[0];
    const created = await api.call('POST', '/config/partners', {
      token: admin,
      body: { partnerName: 'Audit Freight Ltd', partnerType: 1, status: 1 },
    });
    expect(created.code).toBe(20000);
    const partnerId = created.data.id;
    const second = await api.call('POST', '/config/partners', {
      token: admin,
      body: { partnerName: 'Audit Haulage Ltd', partnerType: 1, status: 1 },
    });
    expect((await api.call('DELETE', `/config/partners/${second.data.id}`, { token: admin })).code).toBe(20000);
    expect(
      (
        await api.call('PUT', `/config/ports/${port.id}`, {
          token: admin,
          body: { version: port.version, remark: 'audited' },
        })
      ).code,
    ).toBe(20000);

    const { rows, labels } = (await api.call<Audit>('GET', '/system/audit?pageSize=1000', { token: admin })).data;
    const keys = new Set(rows.map((r) => `${r.entity}:${r.entityId}`));
    expect(keys).toContain(`partners:${partnerId}`);
    expect(labels!.entityId[`partners:${partnerId}`]).toEqual({ partnerName: 'Audit Freight Ltd' });
    expect(labels!.entityId[`ports:${port.id}`]).toBeDefined();
    expect(keys).toContain(`partners:${second.data.id}`);
    expect(labels!.entityId[`partners:${second.data.id}`]).toBeUndefined();
    // Only records the rows name, each under its own resource.
    for (const key of Object.keys(labels!.entityId)) expect(keys).toContain(key);
  });

  it('names a delivery by its order and an expense by its document, or by its reason when it has none', async () => {
    const shipper = await api.login('shipper');
    const { organizationId, warehouseId } = await shipperPlace(api, admin, shipper);
    const skuId = (
      await api.call('GET', `/products/skus?organizationId=${organizationId}&pageSize=1`, { token: admin })
    ).data.rows[0].id;
    const mall = mallHelpers(api, admin);
    await mall.receive(organizationId, warehouseId, skuId, 5);
    const { order, outboundId, delivery } = await mall.deliveryOf(shipper, warehouseId, [{ skuId, quantity: 1 }]);
    const manual = await mall.ok(
      'POST',
      '/finance/expenses',
      admin,
      repackingExpense({ organizationId, warehouseId, expenseDate: '2026-11-20' }),
    );

    const deliveries = await auditOf('deliveries');
    expect(deliveries.labels!.entityId[`deliveries:${delivery.id}`]).toEqual({ orderNo: order.orderNo });
    const expenses = await auditOf('expenses');
    expect(expenses.labels!.entityId[`expenses:${manual.id}`]).toEqual({ title: 'Re-packing' });

    // A delivery and its outbound name each other, as the order names both.
    expect((await mall.ok('GET', `/delivery/deliveries/${delivery.id}`, admin)).outboundId).toBe(outboundId);
    expect((await mall.ok('GET', `/inventory/outbounds/${outboundId}`, admin)).deliveryId).toBe(delivery.id);
  });
});
