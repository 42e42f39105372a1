import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/types';
import { fileApi } from '../helpers/api';
import { SseClient, type SseEvent } from '../helpers/sse';
import { listeningApp, otherHandle } from '../helpers/other-instance';

/**
 * Live screens (issue 26): the stream a tab opens with a single-use ticket, what it is told (only
 * what its viewer may list), resuming with Last-Event-ID, and a change made on another instance.
 */
let admin: string;
let shipper: string;
let ownOrg: number;
let foreignOrg: number;
/** The app's clock runs this far ahead of the real one: a ticket's expiry without waiting for it. */
let ahead = 0;
const streams: SseClient[] = [];

const api = fileApi({ clock: () => new Date(Date.now() + ahead) });
beforeAll(async () => {
  admin = await api.login('admin');
  shipper = await api.login('shipper');
  ownOrg = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
  const orgs = await api.call('GET', '/organizations?pageSize=100&sort=id', { token: admin });
  foreignOrg = orgs.data.rows.find((o: { id: number }) => o.id !== ownOrg).id;
}, 120_000);
afterAll(() => {
  for (const stream of streams) stream.close();
});

const ticketOf = async (token: string) => {
  const reply = await api.call('POST', '/live/ticket', { token });
  expect(reply.code).toBe(20000);
  return reply.data.ticket as string;
};

const openWith = async (ticket: string, lastEventId?: string, base = api.url) => {
  const stream = await SseClient.open(
    `${base}/api/1.0/live?ticket=${encodeURIComponent(ticket)}`,
    lastEventId ? { 'last-event-id': lastEventId } : {},
  );
  streams.push(stream);
  return stream;
};

const open = async (token: string, lastEventId?: string, base?: string) => {
  const stream = await openWith(await ticketOf(token), lastEventId, base);
  expect(stream.status).toBe(200);
  await stream.until((events) => events.some((e) => e.event === 'ready' || e.event === 'changes'));
  return stream;
};

type Change = { resource: string; type: string; seq: number; ids: string[]; by: { id: number; name: string } | null };
const changesIn = (events: SseEvent[]): Change[] =>
  events.filter((e) => e.event === 'changes').flatMap((e) => JSON.parse(e.data) as Change[]);
const told = (events: SseEvent[], resource: string, id: number) =>
  changesIn(events).some((c) => c.resource === resource && c.ids.includes(String(id)));

let made = 0;
const product = async (organizationId: number, token = admin) => {
  const name = `LIVE${++made}`;
  const reply = await api.call('POST', '/products', {
    token,
    body: { organizationId, shortName: name, nameCn: name, chargeUnit: 1, hazardousClass: 0 },
  });
  expect(reply.code).toBe(20000);
  return reply.data.id as number;
};

const eventsOf = (resource: string, id: number) =>
  api.db.query<{ seq: number; organization_id: number | null }>(
    'SELECT seq::float8 AS seq, organization_id FROM outbox WHERE resource = $1 AND record_id = $2',
    [resource, String(id)],
  );

describe('what a stream is told', () => {
  it("tells a shipper of their own organization's changes and never of another's, not even an id", async () => {
    const own = await open(shipper);
    const staff = await open(admin);
    const foreignId = await product(foreignOrg);
    const ownId = await product(ownOrg);
    await own.until((events) => told(events, 'products', ownId));
    await staff.until((events) => told(events, 'products', foreignId) && told(events, 'products', ownId));

    const [foreignEvent] = await eventsOf('products', foreignId);
    expect(foreignEvent.organization_id).toBe(foreignOrg);
    expect(own.raw).not.toContain(`"${foreignId}"`);
    expect(own.raw).not.toContain(`"seq":${foreignEvent.seq}`);
    // Every change the shipper heard of belongs to their organization.
    const heard = changesIn(own.events);
    const rows = await api.db.query<{ organization_id: number }>(
      'SELECT DISTINCT organization_id FROM outbox WHERE seq = ANY($1::bigint[])',
      [heard.map((c) => c.seq)],
    );
    expect(rows.map((r) => r.organization_id)).toEqual([ownOrg]);
    // Who made it, for "changed by X".
    const change = heard.find((c) => c.ids.includes(String(ownId)))!;
    expect(change.type).toBe('products.created');
    expect(change.by?.name).toBeTruthy();
  });

  it('resumes from Last-Event-ID with exactly the changes missed, as the viewer may see them', async () => {
    const first = await open(shipper);
    const lastId = first.lastId!;
    first.close();
    const missed = [await product(ownOrg), await product(foreignOrg), await product(ownOrg)];
    const expected = await api.db.query<{ key: string }>(
      `SELECT resource || ':' || record_id AS key FROM outbox WHERE seq > $1 AND organization_id = $2 ORDER BY seq`,
      [Number(lastId), ownOrg],
    );
    expect(expected.map((e) => e.key)).toEqual([`products:${missed[0]}`, `products:${missed[2]}`]);

    const resumed = await open(shipper, lastId);
    const replayed = await resumed.until((events) => {
      const changes = changesIn(events);
      return changes.length > 0 && changes;
    });
    expect(replayed.flatMap((c) => c.ids.map((id) => `${c.resource}:${id}`))).toEqual(expected.map((e) => e.key));
    expect(resumed.raw).not.toContain(`"${missed[1]}"`);
    // The resumed stream stands after what it replayed: resuming from there replays nothing.
    const position = resumed.lastId!;
    expect(Number(position)).toBeGreaterThanOrEqual(Math.max(...replayed.map((c) => c.seq)));
    resumed.close();
    const again = await open(shipper, position);
    expect(again.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('merges a burst into one change per resource', async () => {
    const staff = await open(admin);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await product(ownOrg));
    const changes = await staff.until((events) => {
      const all = changesIn(events);
      return ids.every((id) => all.some((c) => c.ids.includes(String(id)))) && all;
    });
    // The first goes at once, the rest within the merge window: fewer messages than changes.
    expect(staff.events.filter((e) => e.event === 'changes').length).toBeLessThan(ids.length);
    expect(changes.filter((c) => c.resource === 'products').length).toBeLessThan(ids.length);
  });
});

describe('tickets', () => {
  it('opens one stream, once', async () => {
    const ticket = await ticketOf(shipper);
    expect((await openWith(ticket)).status).toBe(200);
    const again = await openWith(ticket);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.raw)).toMatchObject({ code: 50008, data: null });
  });

  it('expires', async () => {
    const ticket = await ticketOf(shipper);
    ahead = 31_000;
    try {
      const late = await openWith(ticket);
      expect(late.status).toBe(401);
    } finally {
      ahead = 0;
    }
  });

  it('is refused without one, with a made-up one, and after logout', async () => {
    expect((await SseClient.open(`${api.url}/api/1.0/live`)).status).toBe(401);
    expect((await openWith('lvt_' + 'x'.repeat(32))).status).toBe(401);
    const token = await api.login('shipper');
    const ticket = await ticketOf(token);
    await api.call('POST', '/system/users/logout', { token });
    expect((await openWith(ticket)).status).toBe(401);
  });

  it('ends an open stream when its session is logged out', async () => {
    const token = await api.login('shipper');
    const stream = await open(token);
    await api.call('POST', '/system/users/logout', { token });
    await stream.until(() => stream.ended);
    expect(stream.ended).toBe(true);
  });
});

describe('two instances on one database', () => {
  let second: Db;
  let other: FastifyInstance;
  let otherUrl: string;
  beforeAll(async () => {
    second = await otherHandle(api.db);
    ({ app: other, url: otherUrl } = await listeningApp(second));
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await other.close();
    if (second !== api.db) await second.close();
  });

  it('takes a ticket issued by one on the other, and tells its streams of changes made on the first', async () => {
    const stream = await open(shipper, undefined, otherUrl);
    const id = await product(ownOrg);
    await stream.until((events) => told(events, 'products', id));
  });
});
