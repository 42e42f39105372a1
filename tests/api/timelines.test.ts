import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { hasEngineTimeline } from '../../src/domain/resource';
import { fileApi } from '../helpers/api';
import { shipperDemo } from '../helpers/demo';
import { WORKFLOW_RESOURCES } from '../helpers/workflow-resources';

let other: number;

const api = fileApi();
const demo = shipperDemo(api);
beforeAll(async () => {
  const orgs = (await api.call('GET', '/organizations?pageSize=100&sort=id', { token: demo.admin })).data.rows;
  other = orgs.find((o: { id: number }) => o.id !== demo.org).id;
});

/** A draft inbound of one line for the organization, made by the given user. */
const draftInbound = async (organizationId: number, token: string) => {
  const [sku] = (
    await api.call('GET', `/products/skus?organizationId=${organizationId}&pageSize=1&sort=id`, { token: demo.admin })
  ).data.rows;
  const reply = await api.call('POST', '/inventory/inbounds', {
    token,
    body: {
      organizationId,
      warehouseId: demo.warehouse,
      inboundType: 1,
      blNo: 'COSU6312345670',
      eta: '2026-11-01',
      plannedInboundDate: '2026-11-05',
      products: [{ skuId: sku.id, pieces: 4, pallets: 1 }],
    },
  });
  expect(reply.code).toBe(20000);
  return reply.data.id as number;
};

describe('the timeline of every workflow record', () => {
  it('shows an inbound submitted and confirmed as its steps in order, with states, who and what was given', async () => {
    const id = await draftInbound(demo.org, demo.shipper);
    expect((await api.call('POST', `/inventory/inbounds/${id}/submit`, { token: demo.shipper, body: {} })).code).toBe(
      20000,
    );
    const confirmed = await api.call('POST', `/inventory/inbounds/${id}/confirm`, {
      token: demo.admin,
      body: { inboundDate: '2026-11-06' },
    });
    expect(confirmed.code).toBe(20000);

    const { data } = await api.call('GET', `/inventory/inbounds/${id}/timeline`, { token: demo.shipper, lang: 'en' });
    const steps = data.rows.filter((r: { from: number | null }) => r.from !== null);
    expect(steps.map((r: any) => [r.action, r.from, r.to])).toEqual([
      ['submit', 0, 3],
      ['confirm', 3, 6],
    ]);
    expect(steps[0].userName).toBeTruthy();
    expect(steps[1].userId).not.toBe(steps[0].userId);
    expect(steps[1].actionLabel).not.toBe('confirm');
    expect(JSON.stringify(steps[1].input)).toContain('2026-11-06');
    expect(data.rows[0]).toMatchObject({ action: 'create', from: null, to: 0, input: null });
    expect(data.total).toBe(data.rows.length);
    expect(Date.parse(steps[0].at)).toBeLessThanOrEqual(Date.parse(steps[1].at));

    const zh = await api.call('GET', `/inventory/inbounds/${id}/timeline`, { token: demo.shipper, lang: 'zh' });
    expect(zh.data.rows.at(-1).actionLabel).not.toBe(steps[1].actionLabel);
  });

  it("answers 404 for another organization's inbound, as its record read does, and for an unknown id", async () => {
    const foreign = await draftInbound(other, demo.admin);
    const read = await api.call('GET', `/inventory/inbounds/${foreign}`, { token: demo.shipper });
    expect(read.status).toBe(404);
    const refused = await api.call('GET', `/inventory/inbounds/${foreign}/timeline`, { token: demo.shipper });
    expect([refused.status, refused.code, refused.data]).toEqual([404, read.code, read.data]);
    expect((await api.call('GET', `/inventory/inbounds/${foreign}/timeline`, { token: demo.admin })).code).toBe(20000);
    expect((await api.call('GET', '/inventory/inbounds/999999/timeline', { token: demo.admin })).status).toBe(404);
  });

  it('is mounted and documented for every resource with a workflow, with its policy object', async () => {
    const doc = (await (await fetch(`${api.url}/api/docs/openapi.json`)).json()) as any;
    const withTimeline = resources.filter(hasEngineTimeline);
    expect(withTimeline.map((r) => r.name).sort()).toEqual([...WORKFLOW_RESOURCES].sort());
    for (const r of withTimeline) {
      const op = doc.paths[`/api/1.0${r.api}/{id}/timeline`]?.get;
      expect(op, r.name).toBeTruthy();
      expect(op['x-permission'], r.name).toBe(r.permission);
    }
    // One timeline for every record: the order's, its deliveries' steps merged in, is the engine's too.
    expect(doc.paths['/api/1.0/orders/{id}/timeline'].get.responses['200']).toEqual(
      doc.paths['/api/1.0/inventory/inbounds/{id}/timeline'].get.responses['200'],
    );
  });

  it('shows a cancelled outbound draft with its states', async () => {
    const [sku] = (
      await api.call('GET', `/products/skus?organizationId=${demo.org}&pageSize=1&sort=id`, { token: demo.admin })
    ).data.rows;
    const outbound = await api.call('POST', '/inventory/outbounds', {
      token: demo.shipper,
      body: {
        warehouseId: demo.warehouse,
        outboundType: 1,
        requestDate: '2026-11-20',
        notifier: 'Tom',
        products: [{ skuId: sku.id, pieces: 1 }],
      },
    });
    expect(outbound.code).toBe(20000);
    const cancel = await api.call('POST', `/inventory/outbounds/${outbound.data.id}/cancel`, {
      token: demo.shipper,
      body: {},
    });
    expect(cancel.code).toBe(20000);
    const rows = (await api.call('GET', `/inventory/outbounds/${outbound.data.id}/timeline`, { token: demo.shipper }))
      .data.rows;
    expect(rows.map((r: any) => [r.action, r.from, r.to])).toEqual([
      ['create', null, 0],
      ['cancel', 0, 1],
    ]);
  });
});
