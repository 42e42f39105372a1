import { draftInbound } from '../helpers/demo';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let admin: string;

const api = fileApi({
  bodyLimit: 4096,
  extend: (app) =>
    app.get('/api/1.0/test/crash', { config: { public: true } }, async () => {
      throw new Error('secret internal detail');
    }),
});
beforeAll(async () => {
  admin = await api.login('admin');
});

describe('the envelope on every reply', () => {
  it('wraps success as code 20000', async () => {
    const reply = await api.call('GET', '/config/countries?pageSize=1', { token: admin });
    expect(reply).toMatchObject({ status: 200, code: 20000, message: 'success' });
    expect(reply.data.rows).toHaveLength(1);
  });

  it('answers unknown routes with 404/40401 in the envelope, signed in or not', async () => {
    for (const token of [undefined, admin]) {
      const reply = await api.call('GET', '/no/such/thing', { token });
      expect(reply).toMatchObject({ status: 404, code: 40401, data: null });
    }
  });

  it('answers malformed JSON with 400/40001', async () => {
    const reply = await api.call('POST', '/system/users/login', { raw: '{"username": "admin",' });
    expect(reply).toMatchObject({ status: 400, code: 40001, message: 'The request body is not valid JSON.' });
  });

  it('answers a body of a media type the API does not take, JSON sent as text/plain among them, with 415', async () => {
    const json = JSON.stringify({ code: 'CNSHA', countryId: 1, nameCn: '上海', nameEn: 'Shanghai' });
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/xml']) {
      const reply = await api.call('POST', '/config/ports', {
        token: admin,
        raw: json,
        headers: { 'content-type': type },
      });
      expect({ type, reply }).toMatchObject({
        type,
        reply: { status: 415, code: 41501, message: 'Unsupported content type.', data: null },
      });
    }
    const login = await api.call('POST', '/system/users/login', {
      raw: JSON.stringify({ username: 'admin', password: 'admin123' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(login).toMatchObject({ status: 415, code: 41501 });
  });

  it('refuses a query parameter a record read or an action does not declare, naming it, as lists do', async () => {
    const read = await api.call('GET', '/config/countries/1?colour=red', { token: admin });
    expect(read).toMatchObject({
      status: 400,
      code: 40001,
      message: 'Unknown field: colour',
      data: { errors: [{ field: 'colour', message: 'Unknown field: colour' }] },
    });
    const list = await api.call('GET', '/config/countries?colour=red', { token: admin });
    expect(list).toMatchObject({ status: 400, code: 40001, message: read.message });

    const { inbound } = await draftInbound(api, admin);
    const path = `/inventory/inbounds/${inbound.data.id}`;
    const action = await api.call('POST', `${path}/submit?force=1&notify=0`, { token: admin, body: {} });
    expect(action).toMatchObject({ status: 400, code: 40001 });
    expect(action.data.errors.map((e: { field: string }) => e.field)).toEqual(['force', 'notify']);
    expect((await api.call('GET', path, { token: admin })).data).toMatchObject({ status: 0, version: 1 });

    // Declared parameters, the language header and an unknown route are answered as before.
    expect((await api.call('GET', '/config/countries/1', { token: admin, headers: { lang: 'zh' } })).code).toBe(20000);
    expect((await api.call('GET', '/finance/billRuns?pageSize=1', { token: admin })).code).toBe(20000);
    expect(await api.call('GET', '/no/such/thing?colour=red', { token: admin })).toMatchObject({ status: 404 });
    // Refused after the caller, as a body is: a stranger learns nothing of an operation's parameters.
    expect(await api.call('GET', '/config/countries/1?colour=red')).toMatchObject({ status: 401, code: 50008 });
  });

  it('answers bodies over the limit with 413', async () => {
    const reply = await api.call('POST', '/config/ports', {
      token: admin,
      raw: JSON.stringify({ remark: 'x'.repeat(10_000) }),
    });
    expect(reply).toMatchObject({ status: 413, code: 41301 });
  });

  it('answers a crash with 500/50000 and no stack or detail', async () => {
    const response = await fetch(`${api.url}/api/1.0/test/crash`);
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ code: 50000, message: 'Internal server error.', data: null });
    expect(text).not.toMatch(/secret internal detail|at .*\.ts/);
  });

  it('translates messages by Accept-Language and by the lang header', async () => {
    const zh = await api.call('GET', '/no/such/thing', { lang: 'zh-CN,zh;q=0.9' });
    expect(zh.message).toMatch(/^接口不存在/);
    const ja = await api.call('GET', '/no/such/thing', { headers: { lang: 'ja' } });
    expect(ja.message).toMatch(/^API が存在しません/);
    const es = await api.call('GET', '/no/such/thing', { lang: 'es' });
    expect(es.message).toMatch(/^No existe la API/);
    const unknown = await api.call('GET', '/no/such/thing', { lang: 'fr' });
    expect(unknown.message).toMatch(/^No such API/);
  });

  it('refuses a missing, malformed or forged token with 401/50008', async () => {
    for (const token of [undefined, 'Bearer nonsense', `${admin.slice(0, -4)}AAAA`]) {
      const reply = await api.call('GET', '/config/countries', { token });
      expect(reply).toMatchObject({ status: 401, code: 50008 });
    }
  });

  it('answers a role without the policy object with 403/40301', async () => {
    const shipper = await api.login('shipper');
    const reply = await api.call('POST', '/config/ports', { token: shipper, body: {} });
    expect(reply).toMatchObject({ status: 403, code: 40301 });
    const editor = await api.login('editor');
    const del = await api.call('DELETE', '/config/countries/1', { token: editor });
    expect(del).toMatchObject({ status: 403, code: 40301 });
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const doc = (await (await fetch(`${api.url}/api/docs/openapi.json`)).json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas.Port.properties.code.pattern).toBe('^[A-Z]{2}[A-Z0-9]{3}$');
    expect(Object.keys(doc.paths)).toContain('/api/1.0/config/ports/{id}');
  });
});
