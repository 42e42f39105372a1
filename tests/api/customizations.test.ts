import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeDeclaredResources } from '../../scripts/declared-resources.mjs';
import { projectCopy } from '../helpers/readme-recipe';
import { fileApi } from '../helpers/api';
import { twoOrganizationsWithProducts } from '../helpers/demo';

const api = fileApi();

const creditLimit = {
  op: 'addField',
  name: 'creditLimit',
  type: 'number',
  labels: { en: 'Credit limit', zh: '信用额度', es: 'Límite de crédito', ja: '与信限度額' },
  required: false,
  list: true,
  filter: true,
};

const apply = async (token: string, body: object) => api.call('POST', '/system/customizations', { token, body });

describe('customizations (issue 40)', () => {
  it('adds a field to organizations that create, filter, validation and the OpenAPI document use at once', async () => {
    const admin = await api.login('admin');
    const body = { resource: 'organizations', reason: 'Credit control', changes: [creditLimit] };
    const preview = await api.call('POST', '/system/customizations/preview', { token: admin, body });
    expect(preview.code).toBe(20000);
    expect(preview.data.problems).toEqual([]);
    expect(
      preview.data.sql.some((s: string) =>
        /ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "credit_limit"/.test(s),
      ),
    ).toBe(true);
    expect(preview.data.rowsAffected).toBeGreaterThan(0);
    // A preview changes nothing.
    const before = await api.call('POST', '/organizations', {
      token: admin,
      body: { organizationName: 'Too early', organizationCode: 'EARLY1', level: 2, creditLimit: 5 },
    });
    expect(before.code).toBe(40001);

    const applied = await apply(admin, body);
    expect(applied.code).toBe(20000);
    expect(applied.data.id).toBeGreaterThan(0);

    const made = await api.call('POST', '/organizations', {
      token: admin,
      body: { organizationName: 'Credit One', organizationCode: 'CREDIT1', level: 2, creditLimit: 25000.5 },
    });
    expect(made.code).toBe(20000);
    expect(made.data.creditLimit).toBe(25000.5);
    const read = await api.call('GET', `/organizations/${made.data.id}`, { token: admin });
    expect(read.data.creditLimit).toBe(25000.5);
    const filtered = await api.call('GET', '/organizations?creditLimit_gte=20000', { token: admin });
    expect(filtered.data.rows.map((r: { id: number }) => r.id)).toEqual([made.data.id]);
    const wrong = await api.call('POST', '/organizations', {
      token: admin,
      body: { organizationName: 'Credit Two', organizationCode: 'CREDIT2', level: 2, creditLimit: 'lots' },
    });
    expect(wrong.code).toBe(40001);
    const document = await (await fetch(`${api.url}/api/docs/openapi.json`)).json();
    expect(document.components.schemas.Organization.properties.creditLimit).toBeDefined();
    expect(document.components.schemas.OrganizationCreate.properties.creditLimit).toBeDefined();
    const names = (await api.call('GET', '/system/customizations', { token: admin })).data;
    expect(names.overlay.organizations.fields[0].name).toBe('creditLimit');
  });

  it('names changes that are not changes, and never fails on them', async () => {
    const admin = await api.login('admin');
    const odd = [null, { x: 1 }, { op: 'addField', name: 'n1', type: 'text', labels: { en: 3 } }];
    const preview = await api.call('POST', '/system/customizations/preview', {
      token: admin,
      body: { resource: 'organizations', reason: 'x', changes: odd },
    });
    expect(preview.code).toBe(20000);
    expect(preview.data.problems.map((p: { key: string }) => p.key)).toEqual([
      'unknownChange',
      'unknownChange',
      'changeShape',
    ]);
    expect((await apply(admin, { resource: 'organizations', reason: 'x', changes: odd })).code).toBe(40001);
  });

  it('refuses a required field over rows without a value and no default, naming the rows, and changes nothing', async () => {
    const admin = await api.login('admin');
    const [{ rows }] = await api.db.query<{ rows: number }>('SELECT count(*)::int AS rows FROM organizations');
    const body = {
      resource: 'organizations',
      reason: 'Everyone has a tax office',
      changes: [{ op: 'addField', name: 'taxOffice', type: 'text', labels: { en: 'Tax office' }, required: true }],
    };
    const preview = await api.call('POST', '/system/customizations/preview', { token: admin, body });
    expect(preview.data.problems).toHaveLength(1);
    expect(preview.data.problems[0].message).toContain(String(rows));
    const refused = await apply(admin, body);
    expect(refused.code).toBe(40001);
    const columns = await api.db.query(
      "SELECT 1 FROM information_schema.columns WHERE table_name = 'organizations' AND column_name = 'tax_office'",
    );
    expect(columns).toEqual([]);
    const withDefault = await api.call('POST', '/system/customizations/preview', {
      token: admin,
      body: { ...body, changes: [{ ...body.changes[0], default: 'Shenzhen' }] },
    });
    expect(withDefault.data.problems).toEqual([]);
    expect(withDefault.data.sql.join('\n')).toContain("DEFAULT 'Shenzhen'");
  });

  it('hides a removed field with its data kept, and brings it back on restore', async () => {
    const admin = await api.login('admin');
    const [org] = (await api.call('GET', '/organizations?creditLimit_gte=1', { token: admin })).data.rows;
    const change = async (op: string, reason: string) =>
      (await apply(admin, { resource: 'organizations', reason, changes: [{ op, name: 'creditLimit' }] })).code;
    expect(await change('removeField', 'Not used')).toBe(20000);
    const hidden = await api.call('GET', `/organizations/${org.id}`, { token: admin });
    expect(hidden.data).not.toHaveProperty('creditLimit');
    expect(await change('restoreField', 'Used after all')).toBe(20000);
    const back = await api.call('GET', `/organizations/${org.id}`, { token: admin });
    expect(back.data.creditLimit).toBe(org.creditLimit);
  });

  it('adds a record type owned by organizations that keeps cargo owners apart, with its paths in the document', async () => {
    const [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
    const added = await apply(admin, {
      resource: 'trucks',
      reason: 'Our own fleet',
      changes: [
        {
          op: 'addResource',
          labels: { en: 'Trucks', zh: '卡车', es: 'Camiones', ja: 'トラック' },
          organizationOwned: true,
          fields: [
            { name: 'plate', type: 'text', labels: { en: 'Plate' }, required: true, list: true, filter: true },
            {
              name: 'size',
              type: 'enum',
              labels: { en: 'Size' },
              values: [
                { value: 1, labels: { en: 'Small' } },
                { value: 2, labels: { en: 'Large' } },
              ],
            },
          ],
        },
      ],
    });
    expect(added.code).toBe(20000);
    const document = await (await fetch(`${api.url}/api/docs/openapi.json`)).json();
    const path = Object.keys(document.paths).find((p) => p.endsWith('/trucks'));
    expect(path).toBeDefined();
    const own = (await api.call('POST', '/system/users/getInfo', { token: shipper })).data.organizationId;
    const other = (await api.call('GET', '/organizations?pageSize=50', { token: admin })).data.rows.find(
      (o: { id: number }) => o.id !== own,
    ).id;
    const mine = await api.call('POST', '/custom/trucks', {
      token: admin,
      body: { plate: 'A1', size: 1, organizationId: own },
    });
    expect(mine.code).toBe(20000);
    const theirs = await api.call('POST', '/custom/trucks', {
      token: admin,
      body: { plate: 'B2', organizationId: other },
    });
    expect(theirs.code).toBe(20000);
    const badSize = await api.call('POST', '/custom/trucks', {
      token: admin,
      body: { plate: 'C3', size: 7, organizationId: own },
    });
    expect(badSize.code).toBe(40001);
    // The shipper's role gets the page from the role editor, as any right.
    const [{ roles }] = await api.db.query<{ roles: string[] }>("SELECT roles FROM users WHERE username = 'shipper'");
    await api.db.query("INSERT INTO casbin_rule (ptype, v0, v1, v2) VALUES ('p', $1, 'custom.trucks', '1')", [
      roles[0],
    ]);
    await api.app.policy.reload();
    const seen = await api.call('GET', '/custom/trucks', { token: shipper });
    expect(seen.code).toBe(20000);
    expect(seen.data.rows.map((r: { plate: string }) => r.plate)).toEqual(['A1']);
    expect((await api.call('GET', `/custom/trucks/${theirs.data.id}`, { token: shipper })).code).toBe(40401);
    expect((await api.call('POST', '/custom/trucks', { token: shipper, body: { plate: 'S1' } })).code).toBe(40301);
  });

  it('exports the overlay as a unified diff that git applies to a clean copy, which starts as the same product', async () => {
    const admin = await api.login('admin');
    const response = await fetch(`${api.url}/api/1.0/system/customizations/export`, {
      headers: { authorization: admin },
    });
    expect(response.headers.get('content-type')).toContain('text/x-diff');
    const diff = await response.text();
    expect(diff).toContain('+++ b/schemas/organizations.json');
    expect(diff).toContain('"creditLimit"');
    expect(diff).toContain('+++ b/schemas/trucks.json');
    expect(diff).toContain('+++ b/resources/trucks.ts');

    // Applied by git to a clean copy of the project and started on the same database, it is the same product.
    const copy = projectCopy();
    try {
      writeFileSync(join(copy.root, 'customizations.diff'), diff);
      execFileSync('git', ['apply', 'customizations.diff'], { cwd: copy.root });
      writeDeclaredResources(copy.root);
      const load = (path: string) => import(join(copy.root, path));
      const app = await (await load('src/server/app.ts')).buildApp({ db: api.db, checkAnswers: true });
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
        const call = async (path: string) =>
          (await (await fetch(`${base}/api/1.0${path}`, { headers: { authorization: admin } })).json()) as any;
        expect((await call('/system/customizations')).data.conflicts).toEqual([]);
        const document = await (await fetch(`${base}/api/docs/openapi.json`)).json();
        expect(document.components.schemas.Organization.properties.creditLimit).toBeDefined();
        expect(Object.keys(document.paths).some((p) => p.endsWith('/custom/trucks'))).toBe(true);
        expect((await call('/organizations?creditLimit_gte=20000')).data.total).toBe(1);
        expect((await call('/custom/trucks')).data.rows.map((r: { plate: string }) => r.plate).sort()).toEqual([
          'A1',
          'B2',
        ]);
      } finally {
        await app.close();
      }
    } finally {
      copy.remove();
    }
  }, 240_000);

  it('adds a state and its actions to the inbounds workflow: routes, rights in the role tree, the document', async () => {
    const admin = await api.login('admin');
    const applied = await apply(admin, {
      resource: 'inbounds',
      reason: 'Customs holds',
      changes: [
        { op: 'addState', value: 4, labels: { en: 'On hold', zh: '暂扣' }, tone: 'warning', after: 3 },
        {
          op: 'addAction',
          name: 'hold',
          from: [3],
          to: 4,
          labels: { en: 'Hold' },
          fields: ['remarks'],
          event: 'held',
        },
        {
          op: 'addAction',
          name: 'release',
          from: [4],
          to: 2,
          labels: { en: 'Release' },
          confirmation: { en: 'Release?' },
        },
      ],
    });
    expect(applied.code).toBe(20000);
    // The rights it granted are the admin's as soon as it answers (the screens told of it ask at once).
    const info = await api.call('POST', '/system/users/getInfo', { token: admin });
    expect(info.data.resources.map((r: { name: string }) => r.name)).toContain('inventories.inbounds.hold');
    const [org] = await twoOrganizationsWithProducts(api);
    const warehouseId = (await api.call('GET', '/config/warehouses?pageSize=1', { token: admin })).data.rows[0].id;
    const skuId = (await api.call('GET', `/products/skus?organizationId=${org}&pageSize=1`, { token: admin })).data
      .rows[0].id;
    const inbound = await api.call('POST', '/inventory/inbounds', {
      token: admin,
      body: { organizationId: org, warehouseId, inboundType: 1, products: [{ skuId, pieces: 3 }] },
    });
    await api.call('POST', `/inventory/inbounds/${inbound.data.id}/submit`, { token: admin, body: {} });
    const missing = await api.call('POST', `/inventory/inbounds/${inbound.data.id}/hold`, { token: admin, body: {} });
    expect(missing.code).toBe(40001);
    const held = await api.call('POST', `/inventory/inbounds/${inbound.data.id}/hold`, {
      token: admin,
      body: { remarks: 'Customs inspection' },
    });
    expect(held.code).toBe(20000);
    expect(held.data).toMatchObject({ status: 4, remarks: 'Customs inspection' });
    // No shipped action leaves the added state but the added one.
    const confirm = await api.call('POST', `/inventory/inbounds/${inbound.data.id}/confirm`, {
      token: admin,
      body: { inboundDate: '2026-11-30' },
    });
    expect(confirm.code).toBe(40901);
    expect(
      (await api.call('POST', `/inventory/inbounds/${inbound.data.id}/release`, { token: admin, body: {} })).data
        .status,
    ).toBe(2);
    expect(
      (await api.call('POST', `/inventory/inbounds/${inbound.data.id}/nothing`, { token: admin, body: {} })).code,
    ).toBe(40401);
    const tree = (await api.call('GET', '/system/resources', { token: admin })).data.rows.map(
      (e: { name: string }) => e.name,
    );
    expect(tree).toEqual(expect.arrayContaining(['inventories.inbounds.hold', 'inventories.inbounds.release']));
    const document = await (await fetch(`${api.url}/api/docs/openapi.json`)).json();
    expect(document.paths['/api/1.0/inventory/inbounds/{id}/hold'].post['x-permission']).toBe(
      'inventories.inbounds.hold',
    );
    const [event] = await api.db.query<{ type: string }>(
      "SELECT type FROM outbox WHERE resource = 'inbounds' ORDER BY seq DESC LIMIT 1 OFFSET 1",
    );
    expect(event.type).toBe('inbound.held');
  });

  it('lists versions newest first and lets a cargo owner change nothing', async () => {
    const [admin, shipper] = await Promise.all([api.login('admin'), api.login('shipper')]);
    const versions = await api.call('GET', '/system/customizations/versions', { token: admin });
    expect(versions.data[0].resource).toBe('inbounds');
    expect((await apply(shipper, { resource: 'organizations', reason: 'x', changes: [creditLimit] })).code).toBe(40301);
  });
});
