import { afterAll, beforeAll, expect, it } from 'vitest';
import { communications } from '../../resources/communications';
import { resources } from '../../resources/index';
import type { ResourceDef } from '../../src/domain/resource';
import { buildApp } from '../../src/server/app';
import { syncResourceTables } from '../../src/server/engine/sync';
import { startApi, type TestApi } from '../helpers/api';

/**
 * The README's "Add a workflow" promise, done on a copy of the communications declaration: a
 * status field in the schema, a state machine open -> done with an action `close` asking for a
 * result, then a restart (a new app on the same database). The route, its audit row, its refusals,
 * its OpenAPI entry and its policy object exist with no engine change.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

it('adds a workflow with one declaration edit', async () => {
  const edited: ResourceDef = {
    ...communications,
    schema: {
      ...communications.schema,
      properties: {
        ...communications.schema.properties,
        status: { type: 'integer', enum: [0, 6], default: 0, readOnly: true, 'x-enum': 'communicationStatus' },
        result: { type: 'string', maxLength: 500, readOnly: true },
      },
    },
    workflow: {
      actions: [],
      machine: {
        field: 'status',
        states: [
          { value: 0, tone: 'processing', step: true },
          { value: 6, tone: 'success', step: true },
        ],
        actions: {
          close: {
            from: [0],
            to: 6,
            primary: true,
            stores: ['result'],
            input: {
              $id: 'communications.close',
              type: 'object',
              required: ['result'],
              properties: { result: { type: 'string', minLength: 1, maxLength: 500 } },
            },
            summary: 'Close the communication with its result',
          },
        },
      },
    },
  };
  await syncResourceTables(api.db, [edited]);
  const restarted = await buildApp({
    db: api.db,
    resources: resources.map((r) => (r.name === 'communications' ? edited : r)),
  });
  await restarted.listen({ port: 0, host: '127.0.0.1' });
  const port = (restarted.server.address() as { port: number }).port;
  const admin = await api.login('admin');
  const call = async (method: string, path: string, body?: unknown) =>
    (await fetch(`http://127.0.0.1:${port}/api/1.0${path}`, {
      method,
      headers: {
        authorization: admin,
        'accept-language': 'en',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json())) as any;
  try {
    // The policy object is in the access catalogue, and an admin grants it like any other.
    const catalogue = (await call('GET', '/system/resources')).data.rows as { name: string; type: number }[];
    expect(catalogue).toContainEqual({
      name: 'organizations.communications.close',
      type: 3,
      parent: 'organizations.communications',
    });
    const adminRole = (await call('GET', '/system/roles?pageSize=100')).data.rows.find(
      (role: { name: string }) => role.name === 'admin',
    );
    const granted = (await call('GET', `/system/roles/${adminRole.id}/resources`)).data.rows.map(
      (g: string | { name: string }) => (typeof g === 'string' ? g : g.name),
    );
    const grant = await call('PUT', `/system/roles/${adminRole.id}/resources`, {
      resources: [...granted, 'organizations.communications.close'],
    });
    expect(grant.code).toBe(20000);

    const organizationId = (await call('GET', '/organizations?pageSize=1&sort=id')).data.rows[0].id;
    const created = await call('POST', '/organizations/communications', {
      organizationId,
      type: 1,
      time: '2026-11-20T10:00:00Z',
      content: 'Asked about the November bill',
    });
    expect(created.data).toMatchObject({ status: 0, result: null });
    const id = created.data.id;

    expect((await call('POST', `/organizations/communications/${id}/close`, { result: '' })).code).toBe(40001);
    const closed = await call('POST', `/organizations/communications/${id}/close`, {
      result: 'Explained; paid',
      version: created.data.version,
    });
    expect(closed.data).toMatchObject({ id, status: 6, result: 'Explained; paid' });
    expect(closed.data.version).toBe(created.data.version + 1);
    const [row] = await api.db.query<{ action: string; before: unknown; after: unknown }>(
      "SELECT action, before, after FROM audit_log WHERE entity = 'communications' AND entity_id = $1 AND action = 'close'",
      [String(id)],
    );
    expect(row).toMatchObject({ before: { status: 0 }, after: { status: 6, result: 'Explained; paid' } });

    // Done is done: closing again, and a stale version, answer 40901 and change nothing.
    const again = await call('POST', `/organizations/communications/${id}/close`, { result: 'Twice' });
    expect(again.code).toBe(40901);
    expect(again.message).toContain('Reload');
    const stale = await call('POST', `/organizations/communications/${id}/close`, { result: 'x', version: 1 });
    expect(stale.code).toBe(40901);
    expect((await call('GET', `/organizations/communications/${id}`)).data).toMatchObject({
      status: 6,
      result: 'Explained; paid',
      version: closed.data.version,
    });

    const docs = (await fetch(`http://127.0.0.1:${port}/api/docs/openapi.json`).then((r) => r.json())) as any;
    const op = docs.paths['/api/1.0/organizations/communications/{id}/close'].post;
    expect(op.summary).toBe('Close the communication with its result');
    expect(op['x-permission']).toBe('organizations.communications.close');
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toEqual(['result', 'version']);
  } finally {
    await restarted.close();
  }
});
