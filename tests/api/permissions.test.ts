import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

let admin: string;
const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
});

const roleId = async (name: string) =>
  (await api.call('GET', `/system/roles?name=${name}`, { token: admin })).data.rows[0].id as number;

describe('users', () => {
  it('are for admins only', async () => {
    for (const user of ['editor', 'shipper']) {
      const token = await api.login(user);
      expect((await api.call('GET', '/system/users', { token })).status).toBe(403);
      expect((await api.call('GET', '/system/roles', { token })).status).toBe(403);
    }
  });

  it('never return a password, take a new one hashed, and need existing roles', async () => {
    const list = await api.call('GET', '/system/users', { token: admin });
    expect(list.data.total).toBe(3);
    expect(JSON.stringify(list.data)).not.toMatch(/password|argon2/);
    const noPassword = await api.call('POST', '/system/users', {
      token: admin,
      body: { username: 'ops2', name: 'Ops', status: 1, roles: ['editor'] },
    });
    expect(noPassword.data.errors).toEqual([{ field: 'password', message: 'Please set a password for the new user.' }]);
    const badRole = await api.call('POST', '/system/users', {
      token: admin,
      body: { username: 'ops2', name: 'Ops', status: 1, roles: ['root'], password: 'secret1' },
    });
    expect(badRole.data.errors).toEqual([{ field: 'roles', message: 'The selected record does not exist.' }]);
    const created = await api.call('POST', '/system/users', {
      token: admin,
      body: { username: 'ops2', name: 'Ops', status: 1, roles: ['editor'], password: 'secret1' },
    });
    expect(created.data).toMatchObject({ username: 'ops2', roles: ['editor'] });
    expect(created.data.password).toBeUndefined();
    expect((await api.login('ops2', 'secret1')).startsWith('Bearer ')).toBe(true);
    const renamed = await api.call('PUT', `/system/users/${created.data.id}`, {
      token: admin,
      body: { version: 1, name: 'Ops Two' },
    });
    expect(renamed.data.name).toBe('Ops Two');
    expect((await api.login('ops2', 'secret1')).startsWith('Bearer ')).toBe(true);
  });

  it('read and set the organizations a user manages', async () => {
    const editorId = (await api.call('GET', '/system/users?username=editor', { token: admin })).data.rows[0].id;
    const before = await api.call('GET', `/system/users/${editorId}/organizations`, { token: admin });
    expect(before.data.total).toBe(8);
    const ids = before.data.rows.slice(0, 2).map((r: any) => r.id);
    expect(
      (
        await api.call('POST', `/system/users/${editorId}/organizations`, {
          token: admin,
          body: { organizationIds: ids },
        })
      ).code,
    ).toBe(20000);
    const editor = await api.login('editor');
    expect((await api.call('GET', '/organizations', { token: editor })).data.total).toBe(2);
    const bad = await api.call('POST', `/system/users/${editorId}/organizations`, {
      token: admin,
      body: { organizationIds: [999999] },
    });
    expect(bad.code).toBe(40001);
  });
});

describe('roles and the live policy', () => {
  it('removing a button resource from a role takes effect at once, with an audit row', async () => {
    const editor = await api.login('editor');
    const id = await roleId('editor');
    const current = (await api.call('GET', `/system/roles/${id}/resources`, { token: admin })).data.rows.map(
      (r: any) => r.name,
    );
    expect(current).toContain('config.ports.create');
    const reply = await api.call('PUT', `/system/roles/${id}/resources`, {
      token: admin,
      body: { resources: current.filter((n: string) => n !== 'config.ports.create') },
    });
    expect(reply.code).toBe(20000);
    expect((await api.call('POST', '/config/ports', { token: editor, body: {} })).status).toBe(403);
    const info = await api.call('POST', '/system/users/getInfo', { token: editor });
    expect(info.data.resources.map((r: any) => r.name)).not.toContain('config.ports.create');
    const [audit] = await api.db.query<any>(
      "SELECT before, after FROM audit_log WHERE entity = 'roles' AND action = 'grant'",
    );
    expect(audit.before).toContain('config.ports.create');
    expect(audit.after).not.toContain('config.ports.create');
  });

  it('refuses unknown resources and exports the live policy as CSV', async () => {
    const id = await roleId('shipper');
    expect(
      (await api.call('PUT', `/system/roles/${id}/resources`, { token: admin, body: { resources: ['no.such.page'] } }))
        .code,
    ).toBe(40001);
    const response = await fetch(`${api.url}/api/1.0/system/roles/policy.csv`, { headers: { authorization: admin } });
    expect(response.headers.get('content-type')).toMatch(/text\/csv/);
    const csv = await response.text();
    expect(csv).toMatch(/^p, admin, config\.ports\.create, 3$/m);
    expect(csv).not.toMatch(/^p, editor, config\.ports\.create, 3$/m);
  });

  it('will not delete a role in use nor rename one', async () => {
    const id = await roleId('shipper');
    expect(await api.call('DELETE', `/system/roles/${id}`, { token: admin })).toMatchObject({
      status: 409,
      message: 'Users still have this role.',
    });
    const renamed = await api.call('PUT', `/system/roles/${id}`, { token: admin, body: { version: 1, name: 'cargo' } });
    expect(renamed.data.errors).toEqual([{ field: 'name', message: 'A role cannot be renamed; create a new one.' }]);
  });

  it("keeps a delivery's sign granted where its old name, complete, was: upgraded roles and the API's old object", async () => {
    const made = await api.call('POST', '/system/roles', { token: admin, body: { name: 'courier' } });
    // A role granted the old object before the upgrade: migration 0023 moves it to the new one.
    await api.db.query(
      "INSERT INTO casbin_rule(ptype, v0, v1, v2) VALUES ('p', 'courier', 'orders.deliveries.complete', '3'), ('p', 'editor', 'orders.deliveries.complete', '3')",
    );
    await api.db.exec(
      readFileSync(join(__dirname, '../../src/server/db/migrations/0023_delivery_sign_right.sql'), 'utf8'),
    );
    const objects = async (role: string) =>
      (
        await api.db.query<{ v1: string }>(
          "SELECT v1 FROM casbin_rule WHERE ptype = 'p' AND v0 = $1 AND v1 LIKE 'orders.deliveries.%' ORDER BY v1",
          [role],
        )
      ).map((r) => r.v1);
    expect(await objects('courier')).toEqual(['orders.deliveries.sign']);
    // A role that held both keeps one grant.
    expect((await objects('editor')).filter((o) => o.endsWith('.sign') || o.endsWith('.complete'))).toEqual([
      'orders.deliveries.sign',
    ]);
    // A client still writing the old object grants the action under its name now.
    const granted = await api.call('PUT', `/system/roles/${made.data.id}/resources`, {
      token: admin,
      body: { resources: ['orders.deliveries', 'orders.deliveries.complete', 'orders.deliveries.sign'] },
    });
    expect(granted.code).toBe(20000);
    const rows = (await api.call('GET', `/system/roles/${made.data.id}/resources`, { token: admin })).data.rows;
    expect(rows.map((r: any) => r.name).sort()).toEqual(['orders.deliveries', 'orders.deliveries.sign']);
    const catalogue = (await api.call('GET', '/system/resources', { token: admin })).data.rows.map((r: any) => r.name);
    expect(catalogue).toContain('orders.deliveries.sign');
    expect(catalogue).not.toContain('orders.deliveries.complete');
  });

  it('lists the catalogue of pages and buttons', async () => {
    const { data } = await api.call('GET', '/system/resources', { token: admin });
    expect(data.rows).toContainEqual({
      name: 'organizations.contacts.create',
      type: 3,
      parent: 'organizations.contacts',
    });
    expect(data.rows).toContainEqual({ name: 'cargo.dashboard', type: 1 });
  });
});
