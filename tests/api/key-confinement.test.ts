import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/server/auth/api-keys';
import { beyondOneOrganization } from '../../src/server/access/key-rights';
import { parsePolicyCsv } from '../../src/server/access/policy-store';
import { readFileSync } from 'node:fs';
import { fileApi } from '../helpers/api';
import { twoOrganizationsWithProducts } from '../helpers/demo';

/**
 * What a key or a role hands out stays where it belongs (issue 37): a key acts for its organization
 * alone whatever its role, reads only its own uploads and its organization's files, and a person
 * grants only the roles and rights they hold themselves.
 */
let admin: string;
let orgA: number;
let orgB: number;

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  [orgA, orgB] = await twoOrganizationsWithProducts(api);
});

const bearer = (key: string) => `Bearer ${key}`;

/** A key as an older release made it, with a role no key may be created with today. */
const plantedKey = async (role: string) => {
  const { key, hash, shown } = newApiKey();
  await api.db.query(
    `INSERT INTO api_keys(name, organization_id, role, prefix, key_hash, created_by)
     SELECT $1, $2, $3, $4, $5, id FROM users WHERE username = 'admin'`,
    [`Old ${role}`, orgA, role, shown, hash],
  );
  return bearer(key);
};

const createKey = async (role: string, name = `${role} key`) => {
  const reply = await api.call('POST', '/system/apiKeys', { token: admin, body: { name, organizationId: orgA, role } });
  expect(reply.code, reply.message).toBe(20000);
  return { id: reply.data.id as number, token: bearer(reply.data.key as string) };
};

const oneId = async (sql: string, params: unknown[] = []) => (await api.db.query<{ id: number }>(sql, params))[0].id;

/** A draft inbound of organization A, made by staff. */
const draftInbound = async () => {
  const warehouseId = await oneId('SELECT id FROM warehouses ORDER BY id LIMIT 1');
  const skuId = await oneId('SELECT id FROM skus WHERE organization_id = $1 ORDER BY id LIMIT 1', [orgA]);
  const inbound = await api.call('POST', '/inventory/inbounds', {
    token: admin,
    body: { organizationId: orgA, warehouseId, inboundType: 1, products: [{ skuId, pieces: 3 }] },
  });
  expect(inbound.code, inbound.message).toBe(20000);
  return inbound.data.id as number;
};

describe('a key with an admin role', () => {
  it('cannot create users, edit roles, read the audit or users, or touch shared data', async () => {
    const key = await plantedKey('admin');
    const user = { username: 'escaped', name: 'Escaped', status: 1, roles: ['admin'], password: 'secret1' };
    const roleId = await oneId("SELECT id FROM roles WHERE name = 'shipper'");
    const refused = [
      await api.call('POST', '/system/users', { token: key, body: user }),
      await api.call('GET', '/system/users', { token: key }),
      await api.call('PUT', `/system/roles/${roleId}/resources`, { token: key, body: { resources: ['products'] } }),
      await api.call('GET', '/system/roles', { token: key }),
      await api.call('GET', '/system/audit', { token: key }),
      await api.call('POST', '/config/warehouses', { token: key, body: { name: 'Mine', shortName: 'M' } }),
      await api.call('POST', '/organizations', {
        token: key,
        body: { organizationName: 'Other', organizationCode: 'X' },
      }),
    ];
    expect(refused.map((r) => [r.status, r.code])).toEqual(refused.map(() => [403, 40301]));
    expect(await api.db.query("SELECT 1 FROM users WHERE username = 'escaped'")).toEqual([]);
    // Within its organization it still works as its role says.
    expect((await api.call('GET', '/products', { token: key })).code).toBe(20000);
    expect((await api.call('GET', '/config/warehouses', { token: key })).code).toBe(20000);
  });

  it('can no longer be made, nor one of any role holding a right beyond one organization', async () => {
    for (const role of ['admin', 'editor']) {
      const reply = await api.call('POST', '/system/apiKeys', {
        token: admin,
        body: { name: 'x', organizationId: orgA, role },
        lang: 'en',
      });
      expect(reply).toMatchObject({ status: 400, code: 40001 });
      expect(reply.data.errors).toEqual([
        { field: 'role', message: expect.stringMatching(/^An API key cannot have this role/) },
      ]);
    }
  });
});

describe('the rights barred to keys', () => {
  it('are every data right, the permissions area, keys, shared data writes and other organizations', () => {
    const barred = beyondOneOrganization();
    for (const object of [
      'data.allOrganizations',
      'permissions.users',
      'permissions.users.edit',
      'permissions.roles.edit',
      'permissions.audit',
      'system.apiKeys.create',
      'config.warehouses.create',
      'config.countries.edit',
      'partners.create',
      'products.categories.create',
      'organizations.create',
      'organizations.delete',
    ])
      expect(barred, object).toContain(object);
    for (const object of ['products.spus.create', 'inventories.inbounds.confirm', 'system.webhooks.create'])
      expect(barred, object).not.toContain(object);
  });

  it('are none of the integration and cargo owner roles of the policy file', () => {
    const barred = beyondOneOrganization();
    const lines = parsePolicyCsv(readFileSync('policies/policy.csv', 'utf8'));
    for (const role of ['integration', 'shipper'])
      expect(lines.filter((l) => l.values[0] === role && barred.has(l.values[1])).map((l) => l.values[1])).toEqual([]);
  });
});

describe('the integration role', () => {
  it('writes its catalogue, reads stock and orders, and does no warehouse operation', async () => {
    const { token } = await createKey('integration', 'shop-sync');
    const product = await api.call('POST', '/products', {
      token,
      body: { organizationId: orgA, shortName: 'Synced', nameCn: '同步商品', chargeUnit: 2, hazardousClass: 0 },
    });
    expect(product.code, product.message).toBe(20000);
    expect(product.data.organizationId).toBe(orgA);
    for (const path of ['/inventory/products', '/inventory/changeLogs', '/orders', '/inventory/inbounds'])
      expect((await api.call('GET', path, { token })).code, path).toBe(20000);
    const inbound = await draftInbound();
    for (const action of ['confirm', 'submit', 'cancel'])
      expect((await api.call('POST', `/inventory/inbounds/${inbound}/${action}`, { token, body: {} })).status).toBe(
        403,
      );
    expect((await api.call('POST', '/inventory/inbounds', { token, body: {} })).status).toBe(403);
    expect((await api.call('DELETE', `/products/${product.data.id}`, { token })).status).toBe(403);
  });

  it('is named, with any key, in the timeline and the audit trail where its key acted', async () => {
    const { id, token } = await createKey('shipper', 'shop-sync');
    const inbound = await draftInbound();
    const submitted = await api.call('POST', `/inventory/inbounds/${inbound}/submit`, { token, body: {} });
    expect(submitted.code, submitted.message).toBe(20000);
    const timeline = await api.call('GET', `/inventory/inbounds/${inbound}/timeline`, { token: admin });
    expect(timeline.data.rows.at(-1)).toMatchObject({ action: 'submit', apiKeyId: id, apiKeyName: 'shop-sync' });
    const [event] = await api.db.query<{ api_key_id: number }>(
      "SELECT api_key_id FROM outbox WHERE resource = 'inbounds' AND record_id = $1 ORDER BY seq DESC LIMIT 1",
      [String(inbound)],
    );
    expect(event.api_key_id).toBe(id);
  });
});

describe('files read with a key', () => {
  /** A file as an import or an upload keeps it: in the storage and named in stored_files. */
  const storedFile = async (folder: string, uploadedBy: string, organizationId: number | null) => {
    const path = `${folder}/202612/${randomUUID()}.pdf`;
    await api.app.files.put(path, Buffer.from('%PDF-1.4\n%%EOF\n'));
    await api.db.query(
      `INSERT INTO stored_files(path, uploaded_by, name, organization_id)
       SELECT $1, id, 'file.pdf', $3 FROM users WHERE username = $2`,
      [path, uploadedBy, organizationId],
    );
    return path;
  };
  const read = (token: string, path: string) => api.call('POST', '/oss/getFile', { token, body: { path } });

  it("are never its creator's other files, only its own uploads and its organization's", async () => {
    const { token } = await createKey('shipper');
    const othersImport = await storedFile('imports', 'admin', orgB);
    const adminUpload = await storedFile('files', 'admin', null);
    const ownImport = await storedFile('imports', 'admin', orgA);
    expect((await read(token, othersImport)).status).toBe(404);
    expect((await read(token, adminUpload)).status).toBe(404);
    expect((await fetch(`${api.url}/api/1.0/oss/getFile`, postPath(token, ownImport))).status).toBe(200);
    expect((await fetch(`${api.url}/api/1.0/oss/getFile`, postPath(admin, othersImport))).status).toBe(200);
    expect((await fetch(`${api.url}/api/1.0/oss/getFile`, postPath(admin, adminUpload))).status).toBe(200);
    const sign = await api.call('POST', '/oss/sign', { token, body: { paths: [othersImport, ownImport] } });
    expect(sign.data.urls[0]).toBeNull();
    expect(sign.data.urls[1]).toContain(ownImport);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'mine.pdf');
    const uploaded = await fetch(`${api.url}/api/1.0/oss/upload`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    const { data } = (await uploaded.json()) as { data: { path: string } };
    expect((await fetch(`${api.url}/api/1.0/oss/getFile`, postPath(token, data.path))).status).toBe(200);
    const otherKey = (await createKey('shipper', 'other')).token;
    expect((await read(otherKey, data.path)).status).toBe(404);
  });
});

const postPath = (token: string, path: string) => ({
  method: 'POST',
  headers: { authorization: token, 'content-type': 'application/json' },
  body: JSON.stringify({ path }),
});

describe('a person grants', () => {
  it('only roles whose rights they hold, and only rights they hold', async () => {
    const role = await api.call('POST', '/system/roles', { token: admin, body: { name: 'people' } });
    const rights = [
      'permissions',
      'permissions.users',
      'permissions.users.create',
      'permissions.users.edit',
      'permissions.roles',
      'permissions.roles.edit',
    ];
    expect(
      (await api.call('PUT', `/system/roles/${role.data.id}/resources`, { token: admin, body: { resources: rights } }))
        .code,
    ).toBe(20000);
    const made = await api.call('POST', '/system/users', {
      token: admin,
      body: { username: 'people-admin', name: 'HR', status: 1, roles: ['people'], password: 'secret1' },
    });
    expect(made.code, made.message).toBe(20000);
    const hr = await api.login('people-admin', 'secret1');
    const self = (await api.call('GET', `/system/users/${made.data.id}`, { token: hr })).data;
    const raised = await api.call('PUT', `/system/users/${made.data.id}`, {
      token: hr,
      body: { version: self.version, roles: ['people', 'admin'] },
      lang: 'en',
    });
    expect(raised).toMatchObject({ status: 400, code: 40001 });
    expect(raised.data.errors).toEqual([
      { field: 'roles', message: 'You cannot give a role with rights you do not hold yourself.' },
    ]);
    const other = await api.call('POST', '/system/users', {
      token: hr,
      body: { username: 'boss-user', name: 'Boss', status: 1, roles: ['admin'], password: 'secret1' },
    });
    expect(other).toMatchObject({ status: 400, code: 40001 });
    const widened = await api.call('PUT', `/system/roles/${role.data.id}/resources`, {
      token: hr,
      body: { resources: [...rights, 'data.allOrganizations'] },
    });
    expect(widened).toMatchObject({ status: 400, code: 40001 });
    expect(widened.message).toContain('data.allOrganizations');
    expect((await api.db.query("SELECT roles FROM users WHERE username = 'people-admin'"))[0]).toEqual({
      roles: ['people'],
    });
    // Taking a right away is always allowed; the people's own rights are theirs to give.
    const narrowed = await api.call('PUT', `/system/roles/${role.data.id}/resources`, {
      token: hr,
      body: { resources: rights.filter((r) => r !== 'permissions.roles.edit') },
    });
    expect(narrowed.code, narrowed.message).toBe(20000);
    const peer = await api.call('POST', '/system/users', {
      token: hr,
      body: { username: 'peer-user', name: 'Peer', status: 1, roles: ['people'], password: 'secret1' },
    });
    expect(peer.code, peer.message).toBe(20000);
  });
});
