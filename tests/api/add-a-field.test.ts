import { afterAll, beforeAll, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { organizations } from '../../resources/organizations';
import { buildApp } from '../../src/server/app';
import type { ResourceDef } from '../../src/domain/resource';
import { syncResourceTables } from '../../src/server/engine/sync';
import { startApi, type TestApi } from '../helpers/api';

/**
 * The README's "Add a field" promise, done on a copy of the organizations schema: one new property,
 * then a restart (a new app on the same database) makes it stored, validated, listed, filterable
 * and documented, while existing rows keep their data.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

it('adds a field with one schema edit', async () => {
  const edited: ResourceDef = {
    ...organizations,
    schema: {
      ...organizations.schema,
      properties: {
        ...organizations.schema.properties,
        taxNumber: { type: 'string', maxLength: 18, 'x-filter': 'eq' },
      },
    },
  };
  await syncResourceTables(api.db, [edited]);
  const restarted = await buildApp({
    db: api.db,
    resources: resources.map((r) => (r.name === 'organizations' ? edited : r)),
  });
  await restarted.listen({ port: 0, host: '127.0.0.1' });
  const port = (restarted.server.address() as { port: number }).port;
  const admin = await api.login('admin');
  const call = async (method: string, path: string, body?: unknown) =>
    (await fetch(`http://127.0.0.1:${port}/api/1.0${path}`, {
      method,
      headers: { authorization: admin, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json())) as any;
  try {
    const existing = (await call('GET', '/organizations?organizationCode=HD001')).data.rows[0];
    expect(existing).toMatchObject({ organizationCode: 'HD001', taxNumber: null });
    expect(existing.organizationName).toMatch(/恒达/);
    const updated = await call('PUT', `/organizations/${existing.id}`, {
      version: existing.version,
      taxNumber: '91440300MA5FXXXX1',
    });
    expect(updated.data.taxNumber).toBe('91440300MA5FXXXX1');
    expect((await call('GET', '/organizations?taxNumber=91440300MA5FXXXX1')).data.total).toBe(1);
    const tooLong = await call('PUT', `/organizations/${existing.id}`, {
      version: updated.data.version,
      taxNumber: 'x'.repeat(19),
    });
    expect(tooLong.data.errors).toEqual([{ field: 'taxNumber', message: 'Please input at most 18 characters.' }]);
    const docs = (await fetch(`http://127.0.0.1:${port}/api/docs/openapi.json`).then((r) => r.json())) as any;
    // Stored rows may hold no value yet: the answer's schema says so.
    expect(docs.components.schemas.Organization.properties.taxNumber).toMatchObject({
      type: ['string', 'null'],
      maxLength: 18,
    });
    expect(docs.paths['/api/1.0/organizations'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'taxNumber',
    );
  } finally {
    await restarted.close();
  }
});
