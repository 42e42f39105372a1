import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/server/auth/api-keys';
import type { Db } from '../../src/server/db/types';
import { fileApi } from '../helpers/api';
import { twoOrganizationsWithProducts } from '../helpers/demo';
import { listeningApp, otherHandle } from '../helpers/other-instance';

/**
 * API keys (issue 26): a customer's system calls the API with a key, seeing exactly what a user of
 * its organization with the key's role would; revoked or expired, it is refused at once. On
 * PostgreSQL (TEST_DATABASE_URL) a second instance on the same database must refuse a key revoked
 * on the first from the very next call.
 */
const RATE_LIMIT = 20;
const HOUR = 3_600_000;
let now = Date.now();
let admin: string;
let orgA: number;
let orgB: number;
let second: { app: FastifyInstance; url: string; db: Db } | undefined;

const api = fileApi({ clock: () => new Date(now), apiKeyRateLimit: { max: RATE_LIMIT, windowMs: HOUR } });
beforeAll(async () => {
  admin = await api.login('admin');
  [orgA, orgB] = await twoOrganizationsWithProducts(api);
  // Only on PostgreSQL is a second instance more than the first again.
  if (process.env.TEST_DATABASE_URL) {
    const db = await otherHandle(api.db);
    second = { ...(await listeningApp(db, { clock: () => new Date(now) })), db };
  }
});
afterAll(async () => {
  if (second) {
    await second.app.close();
    await second.db.close();
  }
});

const bearer = (key: string) => `Bearer ${key}`;

const createKey = async (body: Record<string, unknown>, token = admin) => {
  const reply = await api.call('POST', '/system/apiKeys', { token, body });
  expect(reply.code, reply.message).toBe(20000);
  return reply.data as { id: number; key: string; prefix: string; status: number };
};

/**
 * A key with a role no key may be made with any more (admin, editor): one made before keys were held
 * to one organization (issue 37) still exists, and must act within its organization all the same.
 */
const plantedKey = async (role: string, organizationId = orgA) => {
  const { key, hash, shown } = newApiKey();
  await api.db.query(
    `INSERT INTO api_keys(name, organization_id, role, prefix, key_hash, created_by)
     SELECT $1, $2, $3, $4, $5, id FROM users WHERE username = 'admin'`,
    [`Old ${role}`, organizationId, role, shown, hash],
  );
  return key;
};

const productOf = async (organizationId: number) =>
  (
    await api.db.query<{ id: number }>('SELECT id FROM products WHERE organization_id = $1 ORDER BY id LIMIT 1', [
      organizationId,
    ])
  )[0].id;

describe('a key', () => {
  it('is answered once, recognisable, and listed without itself or its hash', async () => {
    const created = await createKey({ name: 'Shop sync', organizationId: orgA });
    expect(created.key).toMatch(/^lbo_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Shop sync', organizationId: orgA, role: 'shipper', status: 1 });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(created.key.length / 2);
    const list = await api.call('GET', `/system/apiKeys?organizationId=${orgA}`, { token: admin });
    const row = list.data.rows.find((r: { id: number }) => r.id === created.id);
    expect(row).toMatchObject({ prefix: created.prefix, status: 1 });
    expect(JSON.stringify(list.data)).not.toContain(created.key);
    expect(Object.keys(row)).not.toContain('key');
    const [stored] = await api.db.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE id = $1', [
      created.id,
    ]);
    expect(stored.key_hash).not.toContain(created.key.slice(4));
    expect(JSON.stringify(list.data)).not.toContain(stored.key_hash);
    const one = await api.call('GET', `/system/apiKeys/${created.id}`, { token: admin });
    expect(one.data.key).toBeUndefined();
    expect(JSON.stringify(one.data)).not.toContain(stored.key_hash);
  });

  it("of organization A never reads B's records", async () => {
    const { key } = await createKey({ name: 'A reader', organizationId: orgA });
    const list = await api.call('GET', '/products?pageSize=1000', { token: bearer(key) });
    expect(list.code).toBe(20000);
    expect(list.data.total).toBeGreaterThan(0);
    expect(new Set(list.data.rows.map((r: { organizationId: number }) => r.organizationId))).toEqual(new Set([orgA]));
    expect((await api.call('GET', `/products?organizationId=${orgB}`, { token: bearer(key) })).data.total).toBe(0);
    expect((await api.call('GET', `/products/${await productOf(orgA)}`, { token: bearer(key) })).code).toBe(20000);
    expect((await api.call('GET', `/products/${await productOf(orgB)}`, { token: bearer(key) })).status).toBe(404);
  });

  it("has exactly its role's rights, within its organization whatever the role", async () => {
    const shipperKey = (await createKey({ name: 'Shipper', organizationId: orgA })).key;
    expect((await api.call('GET', '/inventory/inbounds', { token: bearer(shipperKey) })).code).toBe(20000);
    expect((await api.call('GET', '/finance/expenses', { token: bearer(shipperKey) })).status).toBe(403);
    expect((await api.call('GET', '/finance/feeModels', { token: bearer(shipperKey) })).status).toBe(403);
    const editorKey = await plantedKey('editor');
    const organizations = await api.call('GET', '/organizations', { token: bearer(editorKey) });
    expect(organizations.data.rows.map((r: { id: number }) => r.id)).toEqual([orgA]);
    expect((await api.call('GET', '/system/users', { token: bearer(editorKey) })).status).toBe(403);
    // Even an admin's role reads its own organization alone through a key.
    const adminKey = await plantedKey('admin');
    expect((await api.call('GET', `/products/${await productOf(orgB)}`, { token: bearer(adminKey) })).status).toBe(404);
  });

  it('is attributed to in the audit trail', async () => {
    const created = await createKey({ name: 'Editing', organizationId: orgA, role: 'integration' });
    const id = await productOf(orgA);
    const product = (await api.call('GET', `/products/${id}`, { token: bearer(created.key) })).data;
    const edited = await api.call('PUT', `/products/${id}`, {
      token: bearer(created.key),
      body: { version: product.version, nameEn: 'Edited by a system' },
    });
    expect(edited.code, edited.message).toBe(20000);
    const [row] = await api.db.query<{ api_key_id: number; user_id: number }>(
      "SELECT api_key_id, user_id FROM audit_log WHERE entity = 'products' AND entity_id = $1 ORDER BY id DESC LIMIT 1",
      [String(id)],
    );
    const [adminUser] = await api.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'admin'");
    expect(row).toEqual({ api_key_id: created.id, user_id: adminUser.id });
    const trail = await api.call('GET', `/system/audit?apiKeyId=${created.id}`, { token: admin });
    expect(trail.data.rows.map((r: { entity: string; action: string }) => `${r.entity}.${r.action}`)).toEqual([
      'products.edit',
    ]);
    expect(trail.data.labels.apiKeyId[String(created.id)]).toMatchObject({ name: 'Editing' });
    // A person's own change carries no key.
    const byPerson = await api.call('PUT', `/products/${id}`, {
      token: admin,
      body: { version: edited.data.version, nameEn: 'Edited by a person' },
    });
    expect(byPerson.code).toBe(20000);
    const [last] = await api.db.query<{ api_key_id: number | null }>(
      "SELECT api_key_id FROM audit_log WHERE entity = 'products' AND entity_id = $1 ORDER BY id DESC LIMIT 1",
      [String(id)],
    );
    expect(last.api_key_id).toBeNull();
  });

  it('records when it was last used', async () => {
    const created = await createKey({ name: 'Used', organizationId: orgA });
    expect(created).toMatchObject({ lastUsedAt: null });
    await api.call('GET', '/products', { token: bearer(created.key) });
    const read = await api.call('GET', `/system/apiKeys/${created.id}`, { token: admin });
    expect(Date.parse(read.data.lastUsedAt)).toBe(now);
  });
});

describe('a key cannot', () => {
  it('manage keys, whatever its role', async () => {
    const { id } = await createKey({ name: 'System', organizationId: orgA });
    const token = bearer(await plantedKey('admin'));
    const create = await api.call('POST', '/system/apiKeys', { token, body: { name: 'x', organizationId: orgA } });
    expect(create).toMatchObject({ status: 403, code: 40301 });
    expect((await api.call('GET', '/system/apiKeys', { token })).status).toBe(403);
    expect((await api.call('GET', `/system/apiKeys/${id}`, { token })).status).toBe(403);
    expect((await api.call('DELETE', `/system/apiKeys/${id}`, { token })).status).toBe(403);
    expect((await api.call('GET', `/system/apiKeys/${id}`, { token: admin })).data.status).toBe(1);
  });

  it("stand in for the web app's session", async () => {
    const { key } = await createKey({ name: 'Web', organizationId: orgA });
    const token = bearer(key);
    const info = await api.call('POST', '/system/users/getInfo', { token, lang: 'es' });
    expect(info).toMatchObject({ status: 403, code: 40301 });
    expect(info.message).toBe('Una clave de API no sirve para esto: inicie sesión como persona.');
    expect((await api.call('POST', '/system/users/logout', { token })).status).toBe(403);
    const password = { oldPwd: 'admin123', newPwd: 'hijacked', confirmPwd: 'hijacked' };
    expect((await api.call('POST', '/system/users/changePwd', { token, body: password })).status).toBe(403);
    expect(await api.login('admin')).toMatch(/^Bearer /);
  });
});

describe('creating a key', () => {
  it('refuses bad input, a foreign organization, a past expiry and changes nothing', async () => {
    const [{ n: before }] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys');
    const cases: [Record<string, unknown>, string][] = [
      [{ organizationId: orgA }, 'name'],
      [{ name: 'x', organizationId: orgA, role: 'root' }, 'role'],
      [{ name: 'x', organizationId: 999999 }, 'organizationId'],
      [{ name: 'x', organizationId: orgA, expiresAt: new Date(now - 1000).toISOString() }, 'expiresAt'],
      [{ name: 'x', organizationId: orgA, key: 'lbo_mine' }, 'key'],
    ];
    for (const [body, field] of cases) {
      const reply = await api.call('POST', '/system/apiKeys', { token: admin, body });
      expect(reply, JSON.stringify(body)).toMatchObject({ status: 400, code: 40001 });
      expect(reply.data.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const [{ n: after }] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys');
    expect(after).toBe(before);
  });

  it("by a customer's own admin: their organization only, and never a role with rights they lack", async () => {
    const role = await api.call('POST', '/system/roles', { token: admin, body: { name: 'keymaster' } });
    const rights = ['system', 'system.apiKeys', 'system.apiKeys.create', 'system.apiKeys.revoke', 'products'];
    await api.call('PUT', `/system/roles/${role.data.id}/resources`, { token: admin, body: { resources: rights } });
    // The keymaster's own role manages keys, which no key may: its keys get a role of one organization.
    const catalogue = await api.call('POST', '/system/roles', { token: admin, body: { name: 'catalogue' } });
    await api.call('PUT', `/system/roles/${catalogue.data.id}/resources`, {
      token: admin,
      body: { resources: ['products'] },
    });
    const user = await api.call('POST', '/system/users', {
      token: admin,
      body: {
        username: 'keymaster',
        name: 'Key master',
        status: 1,
        roles: ['keymaster', 'catalogue'],
        organizationId: orgA,
        password: 'secret1',
      },
    });
    expect(user.code, user.message).toBe(20000);
    const token = await api.login('keymaster', 'secret1');
    const beyond = await api.call('POST', '/system/apiKeys', { token, body: { name: 'x', organizationId: orgA } });
    expect(beyond.data.errors).toEqual([{ field: 'role', message: 'This role has rights you do not have yourself.' }]);
    const foreign = await api.call('POST', '/system/apiKeys', {
      token,
      body: { name: 'x', organizationId: orgB, role: 'catalogue' },
    });
    expect(foreign.data.errors).toEqual([{ field: 'organizationId', message: 'The selected record does not exist.' }]);
    const mintingRole = await api.call('POST', '/system/apiKeys', {
      token,
      body: { name: 'x', organizationId: orgA, role: 'keymaster' },
    });
    expect(mintingRole.data.errors.map((e: { field: string }) => e.field)).toEqual(['role']);
    const own = await createKey({ name: 'Own', organizationId: orgA, role: 'catalogue' }, token);
    const listed = await api.call('GET', '/system/apiKeys?pageSize=1000', { token });
    expect(listed.data.rows.length).toBeGreaterThan(1);
    expect(new Set(listed.data.rows.map((r: { organizationId: number }) => r.organizationId))).toEqual(new Set([orgA]));
    const other = await createKey({ name: 'B', organizationId: orgB });
    expect((await api.call('GET', `/system/apiKeys/${other.id}`, { token })).status).toBe(404);
    expect((await api.call('DELETE', `/system/apiKeys/${other.id}`, { token })).status).toBe(404);
    expect((await api.call('DELETE', `/system/apiKeys/${own.id}`, { token })).data.status).toBe(2);
  });
});

describe('a revoked or expired key', () => {
  it('answers 50008 from the next call on, on every instance', async () => {
    const { key, id } = await createKey({ name: 'To revoke', organizationId: orgA });
    const token = bearer(key);
    expect((await api.call('GET', '/products', { token })).code).toBe(20000);
    if (second)
      expect((await fetch(`${second.url}/api/1.0/products`, { headers: { authorization: token } })).status).toBe(200);
    const revoked = await api.call('DELETE', `/system/apiKeys/${id}`, { token: admin });
    expect(revoked.data).toMatchObject({ id, status: 2 });
    expect(Date.parse(revoked.data.revokedAt)).toBe(now);
    expect(await api.call('GET', '/products', { token })).toMatchObject({ status: 401, code: 50008 });
    if (second) {
      const other = await fetch(`${second.url}/api/1.0/products`, { headers: { authorization: token } });
      expect(other.status).toBe(401);
      expect(((await other.json()) as { code: number }).code).toBe(50008);
    }
    expect((await api.call('DELETE', `/system/apiKeys/${id}`, { token: admin })).status).toBe(409);
    const [row] = await api.db.query<{ api_key_id: number | null; action: string }>(
      "SELECT api_key_id, action FROM audit_log WHERE entity = 'apiKeys' AND entity_id = $1 ORDER BY id DESC LIMIT 1",
      [String(id)],
    );
    expect(row).toEqual({ api_key_id: null, action: 'revoke' });
  });

  it('answers 50008 once it has expired by the app clock', async () => {
    const { key, id } = await createKey({
      name: 'Expiring',
      organizationId: orgA,
      expiresAt: new Date(now + HOUR).toISOString(),
    });
    expect((await api.call('GET', '/products', { token: bearer(key) })).code).toBe(20000);
    now += 2 * HOUR;
    expect(await api.call('GET', '/products', { token: bearer(key) })).toMatchObject({ status: 401, code: 50008 });
    expect((await api.call('GET', `/system/apiKeys/${id}`, { token: admin })).data.status).toBe(3);
  });

  it('and a wrong one answer 50008', async () => {
    const token = bearer(`lbo_${'A'.repeat(43)}`);
    expect(await api.call('GET', '/products', { token })).toMatchObject({ status: 401, code: 50008 });
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After past the limit of one key, and leaves others and people alone', async () => {
    const { key } = await createKey({ name: 'Busy', organizationId: orgA });
    const other = (await createKey({ name: 'Quiet', organizationId: orgA })).key;
    for (let i = 0; i < RATE_LIMIT; i++)
      expect((await api.call('GET', '/products', { token: bearer(key) })).code).toBe(20000);
    const response = await fetch(`${api.url}/api/1.0/products`, {
      headers: { authorization: bearer(key), 'accept-language': 'en' },
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await response.json()) as { code: number; message: string };
    expect(body.code).toBe(42901);
    expect(body.message).toMatch(/^Too many calls with this API key\. Try again in \d+ seconds\.$/);
    expect(await api.call('GET', '/products', { token: bearer(key) })).toMatchObject({ status: 429, code: 42901 });
    expect((await api.call('GET', '/products', { token: bearer(other) })).code).toBe(20000);
    for (let i = 0; i <= RATE_LIMIT; i++)
      expect((await api.call('GET', '/products', { token: admin })).code).toBe(20000);
  });
});
