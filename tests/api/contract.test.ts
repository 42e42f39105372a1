import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { includeParam } from '../../src/domain/resource';
import { findRecord, listRecords } from '../../src/server/engine/records';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
let doc: any;
beforeAll(async () => {
  api = await startApi();
  doc = await (await fetch(`${api.url}/api/docs/openapi.json`)).json();
});
afterAll(() => api.close());

/**
 * Every method and path Fastify mounted under the API prefix, read off its route tree (each line
 * is a segment under the line above, indented four characters a level), in the document's syntax.
 */
const mountedRoutes = () => {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of api.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const url = stack.join('');
    if (!match[3] || !url.startsWith('/api/1.0')) continue;
    for (const method of match[3].split(', '))
      if (method !== 'HEAD') routes.push({ method, url: url.replace(/:(\w+)/g, '{$1}') });
  }
  return routes;
};

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document by a third-party validator', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('names every operation once, readably, with a summary, and says where the server is', () => {
    const operations = Object.values<any>(doc.paths).flatMap((ops) => Object.values<any>(ops));
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(id ?? ''))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.filter((op) => !op.summary)).toEqual([]);
    expect(doc.paths['/api/1.0/inventory/inbounds/{id}/confirm'].post.operationId).toBe('confirmInbound');
    expect(doc.paths['/api/1.0/products'].get.operationId).toBe('listProducts');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('says what each value of a code means, wherever a code is sent or answered', () => {
    const bare: string[] = [];
    const walk = (node: any, where: string) => {
      if (Array.isArray(node)) return node.forEach((n) => walk(n, where));
      if (!node || typeof node !== 'object') return;
      if (node['x-enum'] && !/Values: /.test(node.description ?? '')) bare.push(where);
      for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
    };
    walk(doc, '#');
    expect(bare).toEqual([]);
    const inboundType =
      doc.paths['/api/1.0/inventory/inbounds'].post.requestBody.content['application/json'].schema.properties
        .inboundType;
    expect(inboundType.description).toContain('1 = Shipment inbound');
    expect(inboundType['x-enum-descriptions']).toEqual(['Shipment inbound', 'Return inbound']);
  });

  it('documents the file URLs /oss/upload hands out as a template a client can fill', async () => {
    const file = doc.paths['/api/1.0/oss/files/{folder}/{month}/{name}'].get;
    expect(file.parameters.filter((p: any) => p.in === 'path').map((p: any) => p.name)).toEqual([
      'folder',
      'month',
      'name',
    ]);
  });

  it('holds every route the server mounts, with its permission and the error envelope', async () => {
    const routes = mountedRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes.filter(({ method, url }) => !doc.paths[url]?.[method.toLowerCase()]);
    expect(missing).toEqual([]);
    for (const path of [
      '/api/1.0/system/users/login',
      '/api/1.0/system/users/getInfo',
      '/api/1.0/system/users/logout',
      '/api/1.0/system/users/changePwd',
      '/api/1.0/oss/upload',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
    const confirm = doc.paths['/api/1.0/inventory/inbounds/{id}/confirm'].post;
    expect(confirm['x-permission']).toBe('inventories.inbounds.confirm');
    expect(confirm.responses['409'].content['application/json'].schema.properties.code.enum).toEqual([40901]);
    expect(confirm.responses['404'].content['application/json'].schema.properties.code.enum).toEqual([40401]);
    expect(doc.paths['/api/1.0/products'].get.responses['409']).toBeUndefined();
    expect(doc.paths['/api/1.0/system/users/login'].post.security).toEqual([]);
  });

  it("documents each route's own answer: no operation without one, none with a free-form data", () => {
    const vague = Object.entries(doc.paths).flatMap(([path, methods]: [string, any]) =>
      Object.entries(methods)
        .filter(([, op]: [string, any]) => {
          const ok = op.responses?.['200'];
          const json = ok?.content?.['application/json']?.schema;
          return !ok || (json && JSON.stringify(json.properties?.data ?? {}) === '{}');
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(vague).toEqual([]);
  });

  it('says which fields may be null, and lists each list filter', () => {
    const remark = doc.components.schemas.countries.properties.remark;
    expect(remark.type).toEqual(['string', 'null']);
    const params = doc.paths['/api/1.0/config/ports'].get.parameters.map((p: any) => p.name);
    expect(params).toEqual(expect.arrayContaining(['pageIndex', 'pageSize', 'sort', 'q', 'countryId']));
  });

  it('is readable in a browser at /api/docs, served from here', async () => {
    const page = await fetch(`${api.url}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/swagger/i);
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('serializes answers by their schema without dropping anything the engine returns', async () => {
    const admin = await api.login('admin');
    const viewer = {
      userId: (await api.call('POST', '/system/users/getInfo', { token: admin })).data.id,
      all: true as const,
    };
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
    for (const r of resources) {
      const query = {
        pageSize: '5',
        ...Object.fromEntries(Object.keys(r.includes ?? {}).map((key) => [includeParam(key), '1'])),
      };
      const direct = plain(await listRecords(api.db, r, query, viewer));
      const served = await api.call('GET', `${r.api}?${new URLSearchParams(query)}`, { token: admin });
      expect({ resource: r.name, data: served.data }).toEqual({ resource: r.name, data: direct });
      if (!direct.rows.length) continue;
      const one = plain(await findRecord(api.db, r, direct.rows[0].id, viewer));
      expect({
        resource: r.name,
        data: (await api.call('GET', `${r.api}/${direct.rows[0].id}`, { token: admin })).data,
      }).toEqual({ resource: r.name, data: one });
    }
  });
});
