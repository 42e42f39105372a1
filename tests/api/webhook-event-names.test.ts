import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { webhookEvents } from '../../src/domain/webhook-events';
import { startApi, type TestApi } from '../helpers/api';

/**
 * Event names follow one rule (issue 37): an endpoint subscribed by today's name hears it, one
 * subscribed by the name first published hears that, and the contract lists every event of both.
 */
let api: TestApi;
let admin: string;
const closers: (() => void)[] = [];
beforeAll(async () => {
  // The receivers listen on 127.0.0.1.
  process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
  api = await startApi();
  admin = await api.login('admin');
});
afterAll(async () => {
  await api.close();
  for (const close of closers) close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

/** A receiver answering 200 to everything, keeping what it got. */
const receiver = async () => {
  const got: { headers: IncomingHttpHeaders; body: { type: string; data: { id: number } } }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      got.push({ headers: request.headers, body: JSON.parse(body) });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`, got };
};

const until = async (holds: () => boolean) => {
  while (!holds()) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('webhook event names', () => {
  it('sends an event under the name each endpoint subscribed by: the old one where it asked for that', async () => {
    const subscriptions: Record<string, string[]> = {
      old: ['ports.created'],
      new: ['port.created'],
      oldKind: ['ports.*'],
      newKind: ['port.*'],
      everything: ['*'],
      both: ['ports.created', 'port.created'],
    };
    const heard: Record<string, Awaited<ReturnType<typeof receiver>>> = {};
    for (const [name, events] of Object.entries(subscriptions)) {
      heard[name] = await receiver();
      const made = await api.call('POST', '/system/webhooks', { token: admin, body: { url: heard[name].url, events } });
      expect(made.code, made.message).toBe(20000);
    }
    const chinaId = (await api.call('GET', '/config/countries?code=CHN', { token: admin })).data.rows[0].id;
    const port = await api.call('POST', '/config/ports', {
      token: admin,
      body: { countryId: chinaId, code: 'WHN01', nameCn: '港', nameEn: 'Names', displayOrder: 1, status: 1 },
    });
    expect(port.code).toBe(20000);
    const ofPort = (name: string) => heard[name].got.filter((g) => g.body.data.id === port.data.id);
    await until(() => Object.keys(subscriptions).every((name) => ofPort(name).length > 0));
    const types = Object.fromEntries(
      Object.keys(subscriptions).map((name) => [name, ofPort(name).map((g) => g.body.type)]),
    );
    expect(types).toEqual({
      old: ['ports.created'],
      new: ['port.created'],
      oldKind: ['ports.created'],
      newKind: ['port.created'],
      everything: ['ports.created'],
      both: ['port.created'],
    });
    // One event: the same webhook-id whatever it is called.
    const ids = new Set(Object.keys(subscriptions).map((name) => ofPort(name)[0].headers['webhook-id']));
    expect(ids.size).toBe(1);
  });

  it('lists every event, and every deprecated name, with its payload under the OpenAPI webhooks', async () => {
    const doc = await (await fetch(`${api.url}/api/docs/openapi.json`)).json();
    const events = webhookEvents(resources);
    const expected = events.flatMap((e) => [e.name, ...(e.deprecatedName ? [e.deprecatedName] : [])]).sort();
    expect(Object.keys(doc.webhooks).sort()).toEqual(expected);
    for (const e of events) {
      const post = doc.webhooks[e.name].post;
      expect(post.deprecated).toBeUndefined();
      const [shared, own] = post.requestBody.content['application/json'].schema.allOf;
      expect(shared).toEqual({ $ref: '#/components/schemas/WebhookEvent' });
      expect(own.properties.type).toEqual({ const: e.name });
      if (e.deprecatedName) {
        expect(doc.webhooks[e.deprecatedName].post.deprecated).toBe(true);
        expect(doc.webhooks[e.deprecatedName].post.description).toContain(e.name);
      }
    }
    expect(doc.components.schemas.WebhookEvent.required).toEqual(['type', 'timestamp', 'data']);
    expect(doc.webhooks['order.checkedOut']).toBeDefined();
    expect(doc.webhooks['order.checkouted'].post.deprecated).toBe(true);
    expect(doc.webhooks['inbounds.created'].post.deprecated).toBe(true);
    expect(doc.webhooks['inbound.confirmed'].post.deprecated).toBeUndefined();
  });
});
