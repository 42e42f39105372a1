import { createServer, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER_ENDPOINT } from '../../src/server/webhooks/claim';
import { startApi, type TestApi } from '../helpers/api';
import { until } from '../helpers/until';

/**
 * Webhooks fair to every customer (issue 37): an endpoint that hangs holds its own requests only,
 * one endpoint's requests leave in sequence order a few at a time, and the delivery log says when
 * each request left and numbers a delivery's attempts on across a replay and a resend. Tests wait
 * for states, never for time.
 */

/** What a request carries that the tests look at: its record, of the mall's addresses or of another resource. */
const recordOf = (body: string) => (JSON.parse(body) as { data: { resource: string; id: number } }).data;
/** Events of the tests' own making: an endpoint also hears its own creation, of its organization too. */
const ADDRESSES = 'mallAddresses';

/** A receiver on 127.0.0.1 that keeps every request for an address open until `answer` is called. */
const holding = async () => {
  const open: { id: number; response: ServerResponse }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { resource, id } = recordOf(body);
      if (resource === ADDRESSES) open.push({ id, response });
      else response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`,
    open,
    /** Answers 200 to every request held now. */
    answer: () => open.splice(0).forEach(({ response }) => response.end('ok')),
    /** Drops every connection: the requests under way fail at once instead of timing out. */
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** A receiver that answers each address with the next status of its script (200 when spent), anything else 200. */
const answering = async (script: number[] = []) => {
  const got: number[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { resource, id } = recordOf(body);
      if (resource === ADDRESSES) got.push(id);
      response.writeHead(resource === ADDRESSES ? (script.shift() ?? 200) : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`,
    got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

let api: TestApi;
let admin: string;
let organizations: number[];
const closing: (() => Promise<void>)[] = [];

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
  api = await startApi();
  admin = await api.login('admin');
  organizations = (await api.call('GET', '/organizations?pageSize=5&sort=id', { token: admin })).data.rows.map(
    (o: { id: number }) => o.id,
  );
  // The seed's events were heard by nobody: gone before an endpoint could hear them.
  await until(
    async () => (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_fanout'))[0].n === 0,
  );
});
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
  await api.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

/** An endpoint of an organization hearing all of its events. */
const endpoint = async (organizationId: number, url: string) => {
  const reply = await api.call('POST', '/system/webhooks', {
    token: admin,
    body: { url, events: ['*'], organizationId },
  });
  expect(reply.code, JSON.stringify(reply)).toBe(20000);
  return reply.data.id as number;
};
/** An event of one organization: a new delivery address of it in the mall; answers its record id. */
const newAddress = async (organizationId: number) => {
  const reply = await api.call('POST', '/orders/addresses', {
    token: admin,
    body: { organizationId, name: 'Dock', address: '1 Quay St', status: 1 },
  });
  expect(reply.code, JSON.stringify(reply)).toBe(20000);
  return reply.data.id as number;
};
/** The attempts of an endpoint's log that sent addresses, oldest first. */
const log = async (webhookId: number) =>
  (
    (await api.call('GET', `/system/webhooks/${webhookId}/deliveries?pageSize=100&sort=id`, { token: admin })).data
      .rows as {
      eventType: string;
      deliveryId: number;
      attempt: number;
      statusCode?: number;
      sentAt: string;
      attemptedAt: string;
    }[]
  ).filter((row) => row.eventType.startsWith('mallAddress'));

describe('webhooks fair to every customer', () => {
  it("deliver another organization's event while one organization's endpoint hangs", async () => {
    const hanging = await holding();
    closing.push(hanging.close);
    const quick = await answering();
    closing.push(quick.close);
    const slow = await endpoint(organizations[0], hanging.url);
    await endpoint(organizations[1], quick.url);
    for (let i = 0; i < PER_ENDPOINT + 2; i++) await newAddress(organizations[0]);
    await until(() => hanging.open.length === PER_ENDPOINT);

    const theirs = await newAddress(organizations[1]);
    await until(() => quick.got.includes(theirs));
    // The hanging endpoint still holds its first requests, no more of them, and none has ended.
    expect(hanging.open).toHaveLength(PER_ENDPOINT);
    expect(await log(slow)).toEqual([]);
    await hanging.close();
  });

  it("send one endpoint's deliveries in sequence order, a few at a time", async () => {
    const hooks = await holding();
    closing.push(hooks.close);
    await endpoint(organizations[2], hooks.url);
    const made: number[] = [];
    for (let i = 0; i < 3 * PER_ENDPOINT; i++) made.push(await newAddress(organizations[2]));
    // Held until as many as may be under way have arrived: never one more, and each group the
    // next events in the order they were made.
    for (let group = 0; group < 3; group++) {
      const held = await until(
        () => hooks.open.map((request) => request.id),
        (ids) => ids.length >= PER_ENDPOINT,
      );
      expect(held.sort((a, b) => a - b)).toEqual(made.slice(group * PER_ENDPOINT, (group + 1) * PER_ENDPOINT));
      hooks.answer();
    }
  });

  it('log when each request left, and number attempts on across a replay and a resend', async () => {
    const hooks = await answering([500]);
    closing.push(hooks.close);
    const id = await endpoint(organizations[3], hooks.url);
    const since = new Date().toISOString();
    await newAddress(organizations[3]);
    const first = await until(
      () => log(id),
      (rows) => rows.length === 1,
    );
    expect(first[0]).toMatchObject({ attempt: 1, statusCode: 500 });
    const { sentAt, attemptedAt } = first[0];
    expect(Date.parse(sentAt)).toBeGreaterThanOrEqual(Date.parse(since));
    expect(Date.parse(sentAt)).toBeLessThanOrEqual(Date.parse(attemptedAt));

    const replayed = await api.call('POST', `/system/webhooks/${id}/replay`, { token: admin, body: { from: since } });
    expect(replayed.data).toEqual({ queued: 1 });
    await until(
      () => log(id),
      (rows) => rows.length === 2,
    );
    const resent = await api.call('POST', `/system/webhooks/${id}/deliveries/${first[0].deliveryId}/resend`, {
      token: admin,
    });
    expect(resent.data).toEqual({ queued: 1 });
    const all = await until(
      () => log(id),
      (rows) => rows.length === 3,
    );
    expect(all.map((row) => [row.deliveryId, row.attempt, row.statusCode])).toEqual([
      [first[0].deliveryId, 1, 500],
      [first[0].deliveryId, 2, 200],
      [first[0].deliveryId, 3, 200],
    ]);
  });
});
