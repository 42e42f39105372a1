import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startApi({
    bodyLimit: 4096,
    extend: (app) =>
      app.get('/api/1.0/test/crash', { config: { public: true } }, async () => {
        throw new Error('secret internal detail');
      }),
  });
  admin = await api.login('admin');
});
afterAll(() => api.close());

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
