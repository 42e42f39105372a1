import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api';

/**
 * What an endpoint's save refuses (issue 37): a URL naming a private, loopback, link-local or
 * metadata host, however it is spelled, unless WEBHOOK_ALLOW_PRIVATE allows them; and an event
 * name nothing sends. No endpoint here subscribes to anything this file makes happen.
 */
let api: TestApi;
let admin: string;
beforeAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  api = await startApi();
  admin = await api.login('admin');
});
afterAll(() => api.close());
afterEach(() => delete process.env.WEBHOOK_ALLOW_PRIVATE);

const save = (body: Record<string, unknown>, lang?: string) =>
  api.call('POST', '/system/webhooks', { token: admin, body: { events: ['port.created'], ...body }, lang });

const PRIVATE = [
  'http://127.0.0.1/hook',
  'http://127.1/hook',
  'http://0x7f000001/hook',
  'http://2130706433/hook',
  'http://0177.0.0.1/hook',
  'http://localhost:8080/hook',
  'http://LOCALHOST./hook',
  'https://api.localhost/hook',
  'http://[::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:7f00:1]/hook',
  'http://10.0.0.1/hook',
  'http://10.255.255.254/hook',
  'http://172.16.0.1/hook',
  'http://172.31.255.254/hook',
  'http://192.168.1.10/hook',
  'http://169.254.169.254/latest/meta-data',
  'http://100.64.0.1/hook',
  'http://100.127.255.254/hook',
  'http://0.0.0.0/hook',
  'http://[fc00::1]/hook',
  'http://[fd12:3456::1]/hook',
  'http://[fe80::1]/hook',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://[64:ff9b::7f00:1]/hook',
  'http://[64:ff9b::169.254.169.254]/hook',
  'http://[2002:7f00:1::]/hook',
  'http://[2002:a00:1::1]/hook',
];

describe('saving a webhook endpoint', () => {
  it('refuses every spelling of a private, loopback, link-local or metadata address on the url field', async () => {
    const accepted: string[] = [];
    for (const url of PRIVATE) {
      const reply = await save({ url });
      if (reply.code !== 40001 || reply.data?.errors?.[0]?.field !== 'url') accepted.push(`${url}: ${reply.message}`);
      else
        expect(reply.message).toBe(
          `${url} points to a private, loopback, link-local or cloud metadata address: a webhook must reach a public one.`,
        );
    }
    expect(accepted).toEqual([]);
    expect((await save({ url: PRIVATE[0] }, 'zh')).message).toContain('私有');
  });

  it('accepts a public address, and refuses a private one on an update too', async () => {
    for (const url of ['https://example.com/hook', 'http://93.184.215.14:8080/hook', 'https://[2606:4700:4700::1111]/'])
      expect((await save({ url })).code, url).toBe(20000);
    const created = (await save({ url: 'https://hooks.example.com/in' })).data;
    const moved = await api.call('PUT', `/system/webhooks/${created.id}`, {
      token: admin,
      body: { version: created.version, url: 'http://[::ffff:a9fe:a9fe]/latest' },
    });
    expect(moved.status).toBe(400);
    expect(moved.data.errors).toEqual([expect.objectContaining({ field: 'url' })]);
  });

  it('accepts private targets while WEBHOOK_ALLOW_PRIVATE is set, and lets such an endpoint be switched off later', async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
    const created = await save({ url: 'http://127.0.0.1:9/hook' });
    expect(created.code).toBe(20000);
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    // A save judges what it changes: switching off an endpoint saved earlier is never refused.
    const off = await api.call('PUT', `/system/webhooks/${created.data.id}`, {
      token: admin,
      body: { version: created.data.version, enabled: false },
    });
    expect(off.code, off.message).toBe(20000);
  });

  it('refuses an event nothing sends, naming it, and accepts every name, kind and deprecated name', async () => {
    const unknown = await save({ url: 'https://example.com/hook', events: ['order.shipped', 'order.shiped'] });
    expect(unknown.status).toBe(400);
    expect(unknown.code).toBe(40001);
    expect(unknown.message).toContain('order.shiped');
    expect(unknown.data.errors).toEqual([expect.objectContaining({ field: 'events' })]);
    expect((await save({ url: 'https://example.com/hook', events: ['orders.shipped'] }, 'ja')).message).toContain(
      'orders.shipped',
    );
    const known = [
      '*',
      'inbound.*',
      'inbounds.*',
      'inbound.created',
      'inbounds.created',
      'order.checkedOut',
      'order.checkouted',
      'webhook.secretRotated',
    ];
    // Switched off: `*` would otherwise hear this very save and send it out.
    expect((await save({ url: 'https://example.com/hook', events: known, enabled: false })).code).toBe(20000);
  });
});
