import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { ResourceDef } from '../../src/domain/resource';
import { startApi, type TestApi } from '../helpers/api';
import { followRecipe } from '../helpers/readme-recipe';

/**
 * The README's recipes, followed as written: each section's steps are applied to a copy of the
 * project, whose own server is then started on a database prepared by the project as it stands (a
 * restart after the change), and what the section promises is checked there. A README that drifts
 * from the code fails here.
 */
const LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;
// A copy's server is compiled afresh for each recipe: slow on a busy 2-core machine.
const RECIPE = { timeout: 240_000 };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function restartAfter(heading: string) {
  const copy = followRecipe(heading);
  cleanups.push(copy.remove);
  const load = (path: string) => import(join(copy.root, path));
  const api: TestApi = await startApi();
  cleanups.push(() => api.close());
  await (await load('src/server/db/prepare.ts')).prepareDatabase(api.db);
  const app = await (await load('src/server/app.ts')).buildApp({ db: api.db, checkAnswers: true });
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const admin = await api.login('admin');
  const call = async (method: string, path: string, body?: unknown) =>
    (await fetch(`${base}/api/1.0${path}`, {
      method,
      headers: {
        authorization: admin,
        'accept-language': 'en',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json())) as any;
  const docs = (await fetch(`${base}/api/docs/openapi.json`).then((r) => r.json())) as any;
  const resourceByName: (name: string) => ResourceDef | undefined = (await load('resources/index.ts')).resourceByName;
  const locales = (await load('src/server/i18n.ts')).loadLocales(join(copy.root, 'locales'));
  /** Keys with no text in some language, as `<lang> <key>`. */
  const unlabelled = (keys: string[]) =>
    LANGUAGES.flatMap((lang) =>
      keys
        .filter(
          (key) =>
            typeof key.split('.').reduce<any>((node, part) => (node ? node[part] : undefined), locales[lang]) !==
            'string',
        )
        .map((key) => `${lang} ${key}`),
    );
  return { api, call, docs, resourceByName, unlabelled };
}

it('adds a field as "Add a field" says', RECIPE, async () => {
  const { call, docs, unlabelled } = await restartAfter('Add a field');
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
  // Stored rows may hold no value yet: the answer's schema says so.
  expect(docs.components.schemas.Organization.properties.taxNumber).toMatchObject({
    type: ['string', 'null'],
    maxLength: 18,
  });
  expect(docs.paths['/api/1.0/organizations'].get.parameters.map((p: { name: string }) => p.name)).toContain(
    'taxNumber',
  );
  expect(unlabelled(['organizations.fields.taxNumber'])).toEqual([]);
});

it('adds a resource as "Add a resource" says', RECIPE, async () => {
  const { call, docs, resourceByName, unlabelled } = await restartAfter('Add a resource');
  const docks = resourceByName('docks')!;
  expect(docks).toMatchObject({ api: '/config/docks', permission: 'config.docks', menu: { parent: 'configuration' } });
  expect(docks.routes).toMatchObject({ base: '/configuration/docks' });

  const warehouseId = (await call('GET', '/config/warehouses?pageSize=1&sort=id')).data.rows[0].id;
  const created = await call('POST', '/config/docks', { warehouseId, code: 'D1', doors: 4 });
  expect(created).toMatchObject({ code: 20000, data: { warehouseId, code: 'D1', doors: 4, version: 1 } });
  const duplicate = await call('POST', '/config/docks', { warehouseId, code: 'D1' });
  expect(duplicate.data.errors.map((e: { field: string }) => e.field)).toEqual(['code']);
  expect((await call('POST', '/config/docks', { warehouseId, code: 'D2', doors: 0 })).code).toBe(40001);
  const edited = await call('PUT', `/config/docks/${created.data.id}`, { version: 1, doors: 6 });
  expect(edited.data).toMatchObject({ doors: 6, version: 2 });
  expect((await call('GET', `/config/docks?warehouseId=${warehouseId}`)).data.rows.map((r: any) => r.code)).toEqual([
    'D1',
  ]);
  expect((await call('DELETE', `/config/docks/${created.data.id}`)).code).toBe(20000);

  expect(Object.keys(docs.paths)).toEqual(
    expect.arrayContaining(['/api/1.0/config/docks', '/api/1.0/config/docks/{id}']),
  );
  const rights = (await call('GET', '/system/roles?pageSize=100')).data.rows.find((r: any) => r.name === 'admin');
  const granted = (await call('GET', `/system/roles/${rights.id}/resources`)).data.rows.map((g: any) =>
    typeof g === 'string' ? g : g.name,
  );
  expect(granted).toEqual(expect.arrayContaining(['config.docks', 'config.docks.create', 'config.docks.delete']));
  expect(
    unlabelled([
      ...['list', 'create', 'edit', 'show'].map((title) => `docks.titles.${title}`),
      ...Object.keys(docks.schema.properties).map((field) => `docks.fields.${field}`),
    ]),
  ).toEqual([]);
});

it('adds a workflow as "Add a workflow" says', RECIPE, async () => {
  const { api, call, docs, unlabelled } = await restartAfter('Add a workflow');
  const organizationId = (await call('GET', '/organizations?pageSize=1&sort=id')).data.rows[0].id;
  const created = await call('POST', '/organizations/communications', {
    organizationId,
    type: 1,
    time: '2026-11-20T10:00:00Z',
    content: 'Asked about the November bill',
  });
  expect(created.data).toMatchObject({ status: 0, result: null });
  const id = created.data.id;

  // The admin holds the button through the policy file's new line, applied on start.
  expect((await call('POST', `/organizations/communications/${id}/close`, { result: '' })).code).toBe(40001);
  const closed = await call('POST', `/organizations/communications/${id}/close`, {
    result: 'Explained; paid',
    version: created.data.version,
  });
  expect(closed.data).toMatchObject({ id, status: 6, result: 'Explained; paid' });
  expect(closed.data.version).toBe(created.data.version + 1);
  const [row] = await api.db.query<{ before: unknown; after: unknown }>(
    "SELECT before, after FROM audit_log WHERE entity = 'communications' AND entity_id = $1 AND action = 'close'",
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

  const catalogue = (await call('GET', '/system/resources')).data.rows;
  expect(catalogue).toContainEqual({
    name: 'organizations.communications.close',
    type: 3,
    parent: 'organizations.communications',
  });
  const op = docs.paths['/api/1.0/organizations/communications/{id}/close'].post;
  expect(op.summary).toBe('Close the communication with its result');
  expect(op['x-permission']).toBe('organizations.communications.close');
  expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toEqual(['result', 'version']);
  expect(
    unlabelled([
      'communications.fields.status',
      'communications.fields.result',
      'communications.actions.close',
      'enums.communicationStatus.0',
      'enums.communicationStatus.6',
    ]),
  ).toEqual([]);
});
