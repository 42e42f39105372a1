import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

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
    const org = (await api.call('GET', '/organizations?pageSize=1', { token: admin })).data.rows[0];
    const warehouseId = (await api.call('GET', '/config/warehouses?pageSize=1', { token: admin })).data.rows[0].id;
    const skuId = (await api.call('GET', `/products/skus?organizationId=${org.id}&pageSize=1`, { token: admin })).data
      .rows[0].id;
    const inbound = await api.call('POST', '/inventory/inbounds', {
      token: admin,
      body: { organizationId: org.id, warehouseId, inboundType: 1, products: [{ skuId, pieces: 3 }] },
    });
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
});
