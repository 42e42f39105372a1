import { Validator } from '@seriousme/openapi-schema-validator';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { includeParam } from '../../src/domain/resource';
import { componentName } from '../../src/server/engine/openapi';
import { findRecord, listRecords } from '../../src/server/engine/records';
import { ROOT_DIR } from '../../src/server/paths';
import { fileApi } from '../helpers/api';

const run = promisify(execFile);
const bin = (name: string) => join(ROOT_DIR, 'node_modules', '.bin', name);

let doc: any;
const api = fileApi();
beforeAll(async () => {
  doc = await (await fetch(`${api.url}/api/docs/openapi.json`)).json();
});

/** A node of the document with its `$ref` followed. */
const resolved = (node: any): any =>
  node?.$ref
    ? resolved(
        node.$ref
          .split('/')
          .slice(1)
          .reduce((at: any, key: string) => at[key], doc),
      )
    : node;

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
    // Mounted once for any record type or workflow action an admin adds: the document has each one's own paths instead (customizations.test.ts).
    if (
      !match[3] ||
      !url.startsWith('/api/1.0') ||
      url.startsWith('/api/1.0/custom/:resource') ||
      url.endsWith('/:id/:action')
    )
      continue;
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
    const refusal = (status: string) => resolved(confirm.responses[status].content['application/json'].schema);
    expect(refusal('409').properties.code.enum).toEqual([40901]);
    expect(refusal('404').properties.code.enum).toEqual([40401]);
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

  it("passes Redocly's recommended rules, and a client generated from it type-checks", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      // Redocly exits non-zero on an error; its JSON report counts them (warnings are allowed).
      const lint = await run(bin('redocly'), ['lint', '--extends=recommended', '--format=json', file], {
        cwd: ROOT_DIR,
        maxBuffer: 64 * 1024 * 1024,
      }).catch((failure: { stdout: string }) => failure);
      const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{')));
      expect(report.problems.filter((p: any) => p.severity === 'error').map((p: any) => p.message)).toEqual([]);

      const client = join(dir, 'client');
      await run(bin('openapi-ts'), ['-i', file, '-o', client, '-c', '@hey-api/client-fetch', '--no-log-file', '-s'], {
        cwd: dir,
      });
      await writeFile(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            strict: true,
            noEmit: true,
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
            types: [],
          },
          include: ['client/**/*.ts'],
        }),
      );
      const tsc = await run(bin('tsc'), ['-p', dir]).catch((failure: { stdout: string }) => failure);
      expect(tsc.stdout).toBe('');
      // Records are named types the operations share, not copies inlined into each of them.
      const types = await readFile(join(client, 'types.gen.ts'), 'utf8');
      expect(types).toMatch(/export type Product = \{/);
      expect(types).toMatch(/export type ProductCreate = \{/);
      // Operations name them rather than spelling a record out again.
      expect(types.match(/\bProduct\b/g)!.length).toBeGreaterThanOrEqual(5);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 600_000);

  it("names each resource's record, create and update bodies, errors and id parameter once, and refers to them", () => {
    const json = (content: any) => content['application/json'].schema;
    const read = doc.paths['/api/1.0/products/{id}'].get;
    expect(json(read.responses['200'].content).properties.data).toEqual({ $ref: '#/components/schemas/Product' });
    expect(json(doc.paths['/api/1.0/products'].post.requestBody.content)).toEqual({
      $ref: '#/components/schemas/ProductCreate',
    });
    expect(json(doc.paths['/api/1.0/products/{id}'].put.requestBody.content)).toEqual({
      $ref: '#/components/schemas/ProductUpdate',
    });
    expect(json(read.responses['404'].content)).toEqual({ $ref: '#/components/schemas/NotFoundError' });
    expect(read.parameters).toContainEqual({ $ref: '#/components/parameters/RecordId' });
    expect(json(doc.paths['/api/1.0/orders/{id}'].get.responses['200'].content).properties.data).toEqual({
      $ref: '#/components/schemas/OrderDetail',
    });
  });

  it('marks every field a record always carries as required', () => {
    for (const r of resources) {
      const record = doc.components.schemas[componentName(r)];
      expect({ resource: r.name, required: record.required }).toEqual({
        resource: r.name,
        required: Object.keys(record.properties),
      });
    }
  });

  it('says that the bodies checked by their schema refuse fields they do not name', () => {
    const body = (path: string, method: string) => {
      const request = doc.paths[`/api/1.0${path}`]?.[method]?.requestBody;
      return request && resolved(request.content['application/json'].schema);
    };
    const open = Object.entries(doc.components.schemas)
      .filter(([name]) => /(Create|Update)$/.test(name))
      .filter(([, schema]: [string, any]) => schema.additionalProperties !== false)
      .map(([name]) => name);
    expect(open).toEqual([]);
    for (const [path, method] of [
      ['/products', 'post'],
      ['/products/{id}', 'put'],
      ['/inventory/inbounds', 'post'],
      ['/system/users/login', 'post'],
      ['/system/users/changePwd', 'post'],
      ['/oss/sign', 'post'],
      ['/oss/getFile', 'post'],
      ['/system/roles/{id}/resources', 'put'],
      ['/system/users/{id}/organizations', 'post'],
    ])
      expect({ path, closed: body(path, method).additionalProperties }).toEqual({ path, closed: false });
  });

  it('says which fields may be null, and lists each list filter', () => {
    const remark = doc.components.schemas.Country.properties.remark;
    expect(remark.type).toEqual(['string', 'null']);
    const params = doc.paths['/api/1.0/config/ports'].get.parameters.map((p: any) => resolved(p).name);
    expect(params).toEqual(expect.arrayContaining(['pageIndex', 'pageSize', 'sort', 'q', 'countryId']));
  });

  it('types a field nullable only where it can be null: never one a record or a page always holds', () => {
    const nullable = (schema: any) => [resolved(schema).type].flat().includes('null');
    const { Country, ProductPage, Expense } = doc.components.schemas;
    expect([Country.properties.id, Country.properties.code, Country.properties.status].map(nullable)).toEqual([
      false,
      false,
      false,
    ]);
    expect(ProductPage.required).toEqual(['rows', 'total']);
    expect([ProductPage.properties.rows, ProductPage.properties.total].map(nullable)).toEqual([false, false]);
    // Every field a resource requires holds a value, but those the server's own rows leave empty
    // (an expense an event charged has no reason).
    const typedNull = resources.flatMap((r) =>
      (r.schema.required ?? [])
        .filter((field) => !r.schema.properties[field]['x-emptyWhenGenerated'])
        .filter((field) => nullable(doc.components.schemas[componentName(r)].properties[field]))
        .map((field) => `${r.name}.${field}`),
    );
    expect(typedNull).toEqual([]);
    expect(nullable(Expense.properties.reason)).toBe(true);
  });

  it('lists API keys among its security schemes, and only the session where a key is refused', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    const security = (path: string, method: string) => doc.paths[`/api/1.0${path}`][method].security;
    expect(security('/products', 'post')).toBeUndefined();
    for (const [path, method] of [
      ['/system/users/getInfo', 'post'],
      ['/system/users/changePwd', 'post'],
      ['/system/apiKeys', 'post'],
      ['/system/apiKeys/{id}', 'delete'],
      ['/live/ticket', 'post'],
    ])
      expect({ path, security: security(path, method) }).toEqual({ path, security: [{ bearer: [] }] });
    expect(security('/oss/files/{folder}/{month}/{name}', 'get')).toEqual([
      { bearer: [] },
      { apiKey: [] },
      { signedUrl: [] },
    ]);
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
