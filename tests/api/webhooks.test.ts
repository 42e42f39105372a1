import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { RETENTION_DAYS } from '../../src/server/webhooks/retention';
import { webhookDispatcher } from '../../src/server/webhooks/dispatcher';
import { sendWebhook } from '../../src/server/webhooks/send';
import { startApi, type TestApi } from '../helpers/api';
import { until } from '../helpers/until';

/** A receiver on 127.0.0.1 that answers each request with the next status of its script (200 when spent). */
interface Receiver {
  url: string;
  got: { headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

const receivers: Server[] = [];
const receiver = async (script: { status: number; headers?: Record<string, string> }[] = []): Promise<Receiver> => {
  const got: Receiver['got'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      got.push({ headers: request.headers, body });
      const next = script.shift() ?? { status: 200 };
      response.writeHead(next.status, next.headers).end(`answer ${next.status}`);
    });
  });
  receivers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/hooks`, got, close: () => new Promise((r) => server.close(() => r())) };
};

let api: TestApi;
let admin: string;
let shipper: string;
let orgA: number;
let orgB: number;
let chinaId: number;
/** The app's clock runs this far ahead of the real one: retries fall due when a test moves it. */
let ahead = 0;
const dispatcher = () => webhookDispatcher(api.db);
const moveClock = (ms: number) => {
  ahead += ms;
  dispatcher().wake();
};

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
  api = await startApi({ clock: () => new Date(Date.now() + ahead) });
  [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
  orgA = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
  const orgs = (await api.call('GET', '/organizations?pageSize=5&sort=id', { token: admin })).data.rows;
  orgB = orgs.find((o: { id: number }) => o.id !== orgA).id;
  chinaId = (await api.call('GET', '/config/countries?code=CHN', { token: admin })).data.rows[0].id;
});
afterAll(async () => {
  await api.close();
  await Promise.all(receivers.map((s) => new Promise((r) => s.close(r))));
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

let ports = 0;
/** A staff event of no organization: a new port. */
const newPort = async () => {
  ports += 1;
  const reply = await api.call('POST', '/config/ports', {
    token: admin,
    body: {
      countryId: chinaId,
      code: `WH${String(ports).padStart(3, '0')}`,
      nameCn: '港',
      nameEn: `Hook ${ports}`,
      displayOrder: 1,
      status: 1,
    },
  });
  expect(reply.code).toBe(20000);
  return reply.data.id as number;
};
/** An event of one organization: a new delivery address of it in the mall. */
const newAddress = async (organizationId: number) => {
  const reply = await api.call('POST', '/orders/addresses', {
    token: admin,
    body: { organizationId, name: 'Dock', address: '1 Quay St', status: 1 },
  });
  expect(reply.code).toBe(20000);
  return reply.data.id as number;
};
/** The attempts an endpoint's log holds: what the dispatcher has recorded, not only what the receiver got. */
const attempts = async (id: number) =>
  (await api.call('GET', `/system/webhooks/${id}/deliveries?pageSize=100&sort=id`, { token: admin })).data as {
    total: number;
    rows: { statusCode: number; deliveryId: number; messageId: string; attempt: number }[];
  };
const recorded = (id: number, count: number) =>
  until(
    () => attempts(id),
    (log) => log.total === count,
  );

const endpoint = async (body: Record<string, unknown>, token = admin) => {
  const reply = await api.call('POST', '/system/webhooks', { token, body });
  expect(reply.code, JSON.stringify(reply)).toBe(20000);
  return reply.data as { id: number; secret: string; organizationId?: number };
};

describe('webhooks', () => {
  // First in the file: no endpoint exists yet.
  it('drop the events nobody listens for, and let an endpoint switched on hear what commits after it', async () => {
    const queued = async () => (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_fanout'))[0].n;
    const unheard = await newPort();
    await until(async () => !dispatcher().busy && (await queued()) === 0);
    expect(await api.db.query('SELECT 1 FROM webhook_deliveries')).toHaveLength(0);
    const hooks = await receiver();
    const created = await endpoint({ url: hooks.url, events: ['ports.created'] });
    const heard = await newPort();
    await recorded(created.id, 1);
    expect(hooks.got.map((got) => JSON.parse(got.body).data.id)).toEqual([heard]);
    expect(heard).not.toBe(unheard);
  });

  it('deliver a signed event that verifies with the standardwebhooks package; the secret is answered once', async () => {
    const hooks = await receiver();
    const created = await endpoint({ url: hooks.url, events: ['ports.created'] });
    expect(created.secret).toMatch(/^whsec_/);
    const read = await api.call('GET', `/system/webhooks/${created.id}`, { token: admin });
    expect(read.data).not.toHaveProperty('secret');
    expect(JSON.stringify((await api.call('GET', '/system/webhooks', { token: admin })).data)).not.toContain('whsec_');
    const port = await newPort();
    const [delivery] = await until(
      () => hooks.got,
      (got) => got.length === 1,
    );
    const event = new Webhook(created.secret).verify(delivery.body, delivery.headers as Record<string, string>);
    expect(event).toMatchObject({ type: 'ports.created', data: { resource: 'ports', id: port, organizationId: null } });
    expect(() =>
      new Webhook(created.secret).verify(`${delivery.body} `, delivery.headers as Record<string, string>),
    ).toThrow();
    const log = await until(
      async () => (await api.call('GET', `/system/webhooks/${created.id}/deliveries`, { token: admin })).data,
      (page) => page.total === 1,
    );
    expect(log.rows[0]).toMatchObject({
      eventType: 'ports.created',
      statusCode: 200,
      attempt: 1,
      response: 'answer 200',
    });
    expect(log.rows[0].messageId).toBe(delivery.headers['webhook-id']);
  });

  it('sign with the old secret too for a day after a rotation; send a delivery again and replay a range', async () => {
    const hooks = await receiver();
    const created = await endpoint({ url: hooks.url, events: ['ports.created'] });
    const rotated = await api.call('POST', `/system/webhooks/${created.id}/rotateSecret`, { token: admin });
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(created.secret);
    const since = new Date(Date.now() + ahead).toISOString();
    await newPort();
    const [first] = await until(
      () => hooks.got,
      (got) => got.length === 1,
    );
    for (const secret of [created.secret, rotated.data.secret])
      expect(new Webhook(secret).verify(first.body, first.headers as Record<string, string>)).toMatchObject({
        type: 'ports.created',
      });
    const log = await until(
      async () => (await api.call('GET', `/system/webhooks/${created.id}/deliveries`, { token: admin })).data,
      (page) => page.total === 1,
    );
    const resent = await api.call(
      'POST',
      `/system/webhooks/${created.id}/deliveries/${log.rows[0].deliveryId}/resend`,
      {
        token: admin,
      },
    );
    expect(resent.data).toEqual({ queued: 1 });
    await until(() => hooks.got.length === 2);
    expect(hooks.got[1].headers['webhook-id']).toBe(first.headers['webhook-id']);
    const replayed = await api.call('POST', `/system/webhooks/${created.id}/replay`, {
      token: admin,
      body: { from: since },
    });
    expect(replayed.data).toEqual({ queued: 1 });
    await until(() => hooks.got.length === 3);
    const backwards = await api.call('POST', `/system/webhooks/${created.id}/replay`, {
      token: admin,
      body: { from: new Date(Date.now() + ahead + 3600_000).toISOString() },
    });
    expect(backwards.code).toBe(40001);
    expect(
      (await api.call('POST', `/system/webhooks/${created.id}/deliveries/999999/resend`, { token: admin })).status,
    ).toBe(404);
  });

  it('try a failing receiver again on the backoff schedule with the same webhook-id, and stop once it answers', async () => {
    const hooks = await receiver([{ status: 500 }, { status: 500 }, { status: 500 }]);
    const created = await endpoint({ url: hooks.url, events: ['ports.*'] });
    await newPort();
    await recorded(created.id, 1);
    for (const [wait, count] of [
      [5_000, 2],
      [5 * 60_000, 3],
      [30 * 60_000, 4],
    ]) {
      moveClock(wait);
      await recorded(created.id, count);
    }
    expect(hooks.got).toHaveLength(4);
    expect(new Set(hooks.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    const log = await attempts(created.id);
    expect(log.rows.map((r) => r.statusCode)).toEqual([500, 500, 500, 200]);
    expect(log.rows.map((r) => r.attempt)).toEqual([1, 2, 3, 4]);
    moveClock(24 * 3600_000);
    await until(() => !dispatcher().busy);
    expect(hooks.got).toHaveLength(4);
  });

  it('honour Retry-After, and switch an endpoint off when it answers 410', async () => {
    const hooks = await receiver([{ status: 503, headers: { 'retry-after': '600' } }, { status: 410 }]);
    const created = await endpoint({ url: hooks.url, events: ['mallAddresses.created'], organizationId: orgA });
    await newAddress(orgA);
    await recorded(created.id, 1);
    moveClock(5_000);
    await until(() => !dispatcher().busy);
    expect(hooks.got).toHaveLength(1);
    moveClock(600_000);
    const off = await until(
      async () => (await api.call('GET', `/system/webhooks/${created.id}`, { token: admin })).data,
      (record) => record.enabled === false,
    );
    expect(off).toMatchObject({ enabled: false, disabledReason: 1 });
    await newAddress(orgA);
    moveClock(24 * 3600_000);
    await until(() => !dispatcher().busy);
    expect(hooks.got).toHaveLength(2);
  });

  it('switch an endpoint off after three days of failing, and show it to its organization', async () => {
    const hooks = await receiver(Array.from({ length: 20 }, () => ({ status: 500 })));
    const created = await endpoint({ url: hooks.url, events: ['mallAddresses.created'], organizationId: orgA });
    await newAddress(orgA);
    await recorded(created.id, 1);
    const waits = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 86_400_000, 86_400_000];
    for (const [i, wait] of waits.entries()) {
      moveClock(wait);
      await recorded(created.id, i + 2);
    }
    expect((await api.call('GET', `/system/webhooks/${created.id}`, { token: admin })).data.enabled).toBe(true);
    moveClock(86_400_000);
    await recorded(created.id, 10);
    const seen = await api.call('GET', '/system/webhooks?enabled=false&pageSize=100', { token: shipper });
    expect(seen.data.rows).toContainEqual(
      expect.objectContaining({ id: created.id, enabled: false, disabledReason: 2, disabledAt: expect.any(String) }),
    );
  });

  it("pause a switched-off endpoint's pending deliveries, and send them once it is switched back on", async () => {
    const hooks = await receiver([{ status: 500 }]);
    const created = await endpoint({ url: hooks.url, events: ['ports.created'] });
    await newPort();
    await recorded(created.id, 1);
    const statuses = async () =>
      (
        await api.db.query<{ status: number }>('SELECT status FROM webhook_deliveries WHERE webhook_id = $1', [
          created.id,
        ])
      ).map((row) => row.status);
    expect(await statuses()).toEqual([0]);
    const edit = async (enabled: boolean) => {
      const current = (await api.call('GET', `/system/webhooks/${created.id}`, { token: admin })).data;
      const reply = await api.call('PUT', `/system/webhooks/${created.id}`, {
        token: admin,
        body: { version: current.version, enabled },
      });
      expect(reply.code, JSON.stringify(reply)).toBe(20000);
    };
    await edit(false);
    expect(await statuses()).toEqual([3]);
    moveClock(5_000);
    await until(() => !dispatcher().busy);
    expect(hooks.got).toHaveLength(1);
    await edit(true);
    dispatcher().wake();
    await recorded(created.id, 2);
    expect(await statuses()).toEqual([1]);
    expect(hooks.got).toHaveLength(2);
  });

  it('refuse loopback and private addresses, by literal or by name, unless the setting allows them', async () => {
    const hooks = await receiver();
    const literal = await sendWebhook(hooks.url, {}, '{}', false);
    expect(literal.error).toMatch(/private or loopback/);
    const named = await sendWebhook(hooks.url.replace('127.0.0.1', 'localhost'), {}, '{}', false);
    expect(named.error).toMatch(/private or loopback/);
    expect(await sendWebhook('http://169.254.169.254/latest', {}, '{}', false)).toMatchObject({
      error: expect.stringMatching(/private/),
    });
    expect(hooks.got).toHaveLength(0);
    expect(await sendWebhook(hooks.url, {}, '{}', true)).toMatchObject({ statusCode: 200 });
  });

  it("give a customer's endpoint its own organization's events only; staff endpoints hear every organization", async () => {
    const own = await receiver();
    const staff = await receiver();
    const mine = await endpoint({ url: own.url, events: ['*'] }, shipper);
    expect(mine.organizationId).toBe(orgA);
    const everyone = await endpoint({ url: staff.url, events: ['mallAddresses.created'] });
    const refused = await api.call('POST', '/system/webhooks', {
      token: shipper,
      body: { url: own.url, events: ['*'], organizationId: orgB },
    });
    expect(refused.code).toBe(40001);
    const listed = await api.call('GET', '/system/webhooks?pageSize=100', { token: shipper });
    const visible = listed.data.rows as { id: number; organizationId: number }[];
    expect(visible.map((r) => r.id)).toContain(mine.id);
    expect(visible.every((r) => r.organizationId === orgA)).toBe(true);
    expect((await api.call('GET', `/system/webhooks/${everyone.id}`, { token: shipper })).status).toBe(404);
    const theirs = await newAddress(orgB);
    const ours = await newAddress(orgA);
    const heard = await until(
      () => staff.got.map((g) => JSON.parse(g.body).data.id),
      (ids) => ids.includes(ours) && ids.includes(theirs),
    );
    expect(heard).toEqual(expect.arrayContaining([ours, theirs]));
    await until(() => own.got.some((g) => JSON.parse(g.body).data.id === ours));
    const [{ foreign }] = await api.db.query<{ foreign: number }>(
      `SELECT count(*)::int AS foreign FROM webhook_deliveries d JOIN outbox o ON o.seq = d.seq
        WHERE d.webhook_id = $1 AND o.organization_id IS DISTINCT FROM $2`,
      [mine.id, orgA],
    );
    expect(foreign).toBe(0);
    expect(own.got.every((g) => JSON.parse(g.body).data.organizationId === orgA)).toBe(true);
  });

  it("keep from a customer's endpoint what its cargo owners may not list (an expense); staff endpoints hear it", async () => {
    const own = await receiver();
    const staff = await receiver();
    const mine = await endpoint({ url: own.url, events: ['*'] }, shipper);
    await endpoint({ url: staff.url, events: ['expenses.created', 'mallAddresses.created'] });
    const warehouseId = (await api.call('GET', '/config/warehouses?pageSize=1', { token: admin })).data.rows[0].id;
    const expense = await api.call('POST', '/finance/expenses', {
      token: admin,
      body: {
        organizationId: orgA,
        warehouseId,
        subType: 302,
        unit: 3,
        quantity: 1,
        unitPrice: 1,
        currency: 2,
        expenseDate: '2026-04-02',
        reason: 'Re-labelling',
      },
    });
    expect(expense.code, JSON.stringify(expense)).toBe(20000);
    // Made after the expense, in the same organization: once it is heard, the expense's turn has passed.
    const address = await newAddress(orgA);
    await until(
      () => staff.got.map((g) => JSON.parse(g.body).data.id),
      (ids) => ids.includes(address) && ids.includes(expense.data.id),
    );
    await until(() => own.got.some((g) => JSON.parse(g.body).data.id === address));
    expect(own.got.map((g) => JSON.parse(g.body).type)).not.toContain('expenses.created');
    const [{ count }] = await api.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM webhook_deliveries d JOIN outbox o ON o.seq = d.seq
        WHERE d.webhook_id = $1 AND o.type = 'expenses.created'`,
      [mine.id],
    );
    expect(count).toBe(0);
  });

  it('remove finished deliveries, their attempts and their events after the retention, and keep what is still to send', async () => {
    const hooks = await receiver();
    const failing = await receiver([{ status: 500 }]);
    const sent = await endpoint({ url: hooks.url, events: ['ports.created'] });
    const held = await endpoint({ url: failing.url, events: ['ports.created'] });
    await newPort();
    await recorded(sent.id, 1);
    await recorded(held.id, 1);
    // Switched off after a failure: its delivery waits, paused, for it to be switched on again.
    const current = (await api.call('GET', `/system/webhooks/${held.id}`, { token: admin })).data;
    const off = await api.call('PUT', `/system/webhooks/${held.id}`, {
      token: admin,
      body: { version: current.version, enabled: false },
    });
    expect(off.code).toBe(20000);
    const deliveries = () =>
      api.db.query<{ webhookId: number; status: number; seq: string }>(
        `SELECT webhook_id AS "webhookId", status, seq::text AS seq FROM webhook_deliveries
          WHERE webhook_id = ANY($1::int[]) ORDER BY id`,
        [[sent.id, held.id]],
      );
    expect((await deliveries()).map((row) => row.status)).toEqual([1, 3]);

    moveClock((RETENTION_DAYS + 1) * 86_400_000);
    dispatcher().wake();
    const kept = await until(deliveries, (rows) => rows.every((row) => row.webhookId === held.id));
    await until(() => !dispatcher().busy);
    expect(kept.map((row) => row.status)).toEqual([3]);
    const logged = await api.db.query<{ webhookId: number }>(
      'SELECT webhook_id AS "webhookId" FROM webhook_attempts WHERE webhook_id = ANY($1::int[])',
      [[sent.id, held.id]],
    );
    expect(logged).toEqual([{ webhookId: held.id }]);
    // The paused delivery's event stays to be sent; no other event of before the retention is left.
    const cutoff = new Date(Date.now() + ahead - RETENTION_DAYS * 86_400_000).toISOString();
    const old = await api.db.query<{ seq: string }>(
      'SELECT seq::text AS seq FROM outbox WHERE created_at < $1::timestamptz',
      [cutoff],
    );
    const [{ needed }] = await api.db.query<{ needed: number }>(
      `SELECT count(DISTINCT seq)::int AS needed FROM webhook_deliveries WHERE status IN (0, 3)`,
    );
    expect(old.map((row) => row.seq)).toContain(kept[0].seq);
    expect(old).toHaveLength(needed);
  });

  it('deliver an event committed while no dispatcher ran exactly once after a restart', async () => {
    const hooks = await receiver();
    const created = await endpoint({ url: hooks.url, events: ['ports.created'] });
    await dispatcher().stop();
    await newPort();
    let restarted: FastifyInstance | undefined;
    try {
      restarted = await buildApp({ db: api.db, clock: () => new Date(Date.now() + ahead) });
      await restarted.ready();
      await until(() => hooks.got.length === 1);
      const second = webhookDispatcher(restarted.db);
      await until(async () => {
        const [row] = await api.db.query<{ status: number }>(
          'SELECT status FROM webhook_deliveries WHERE webhook_id = $1',
          [created.id],
        );
        return !second.busy && row?.status === 1;
      });
      expect(hooks.got).toHaveLength(1);
    } finally {
      await restarted?.close();
    }
  });
});
