import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate';
import { fileApi } from '../helpers/api';

const RIGHT = 'data.allOrganizations';

let admin: string;
let everyOrganization: number[];

const roleId = async (name: string) =>
  (await api.call('GET', `/system/roles?name=${name}`, { token: admin })).data.rows[0].id as number;

const grants = async (role: string) =>
  (await api.call('GET', `/system/roles/${await roleId(role)}/resources`, { token: admin })).data.rows.map(
    (r: { name: string }) => r.name,
  ) as string[];

const grant = async (role: string, resources: string[], token = admin) => {
  const reply = await api.call('PUT', `/system/roles/${await roleId(role)}/resources`, {
    token,
    body: { resources },
  });
  expect(reply.code, reply.message).toBe(20000);
};

const organizationIds = async (token: string) => {
  const { data } = await api.call('GET', '/organizations?pageSize=1000&sort=id', { token });
  expect(data.total).toBe(data.rows.length);
  return data.rows.map((r: { id: number }) => r.id) as number[];
};

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
  everyOrganization = await organizationIds(admin);
});

describe('data.allOrganizations: seeing every organization is a right of the policy, not a role name', () => {
  it('is in the catalogue as a data right of no page, and the seeded admin holds it', async () => {
    const { data } = await api.call('GET', '/system/resources', { token: admin });
    expect(data.rows).toContainEqual({ name: RIGHT, type: 3 });
    expect(await grants('admin')).toContain(RIGHT);
    expect(everyOrganization.length).toBeGreaterThan(8);
  });

  it('lets a second role see every organization, and only while it holds the right', async () => {
    expect((await api.call('POST', '/system/roles', { token: admin, body: { name: 'auditor' } })).code).toBe(20000);
    await grant('auditor', ['organizations', 'products', 'products.spus', RIGHT]);
    const created = await api.call('POST', '/system/users', {
      token: admin,
      body: { username: 'auditor1', name: 'Auditor', status: 1, roles: ['auditor'], password: 'secret1' },
    });
    expect(created.code).toBe(20000);
    const auditor = await api.login('auditor1', 'secret1');
    expect(await organizationIds(auditor)).toEqual(everyOrganization);
    const [{ n }] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect((await api.call('GET', '/products', { token: auditor })).data.total).toBe(n);
    const info = await api.call('POST', '/system/users/getInfo', { token: auditor });
    expect(info.data.resources).toContainEqual({ name: RIGHT, type: 3 });

    // Taken away, the same session sees only its own and managed organizations: none here.
    await grant('auditor', ['organizations', 'products', 'products.spus']);
    expect(await organizationIds(auditor)).toEqual([]);
    expect((await api.call('GET', `/organizations/${everyOrganization[0]}`, { token: auditor })).status).toBe(404);
  });

  it('an admin role without it sees only its own and managed organizations until it is granted again', async () => {
    const adminId = (await api.call('GET', '/system/users?username=admin', { token: admin })).data.rows[0].id;
    const managed = everyOrganization.slice(2, 5);
    const assigned = await api.call('POST', `/system/users/${adminId}/organizations`, {
      token: admin,
      body: { organizationIds: managed },
    });
    expect(assigned.code).toBe(20000);
    // Someone else who holds the right, made while the admin still could make them.
    await api.call('POST', '/system/roles', { token: admin, body: { name: 'keeper' } });
    await api.db.query(
      `INSERT INTO casbin_rule(ptype, v0, v1, v2) VALUES ('p', 'keeper', $1, '3'), ('p', 'keeper', 'permissions.roles', '1'),
              ('p', 'keeper', 'permissions.roles.edit', '3')`,
      [RIGHT],
    );
    await api.app.policy.reload();
    const keeper = await api.call('POST', '/system/users', {
      token: admin,
      body: { username: 'keeper', name: 'Keeper', status: 1, roles: ['keeper'], password: 'secret1' },
    });
    expect(keeper.code, keeper.message).toBe(20000);
    const before = await grants('admin');
    await grant(
      'admin',
      before.filter((name) => name !== RIGHT),
    );
    expect(await organizationIds(admin)).toEqual(managed);
    const foreign = everyOrganization[0];
    expect((await api.call('GET', `/organizations/${foreign}`, { token: admin })).status).toBe(404);
    expect((await api.call('GET', `/products?organizationId=${foreign}`, { token: admin })).data.total).toBe(0);
    expect((await api.call('GET', '/statistics/counts', { token: admin })).data.organizations).toBe(managed.length);

    // Only a holder of the right grants it (issue 37): not the admin who gave it up, a holder can.
    const again = await api.call('PUT', `/system/roles/${await roleId('admin')}/resources`, {
      token: admin,
      body: { resources: before },
    });
    expect(again).toMatchObject({ status: 400, code: 40001 });
    await grant('admin', before, await api.login('keeper', 'secret1'));
    expect(await organizationIds(admin)).toEqual(everyOrganization);
  });

  it('is granted to admin by the migration on a database whose policy is already live, never on an empty one', async () => {
    const line = "ptype = 'p' AND v0 = 'admin' AND v1 = $1";
    await api.db.query(`DELETE FROM casbin_rule WHERE ${line}`, [RIGHT]);
    await api.db.query("DELETE FROM schema_migrations WHERE version = '0008_all_organizations_right'");
    expect(await migrate(api.db)).toEqual(['0008_all_organizations_right']);
    const granted = await api.db.query(`SELECT v2 FROM casbin_rule WHERE ${line}`, [RIGHT]);
    expect(granted).toEqual([{ v2: '3' }]);

    const policy = await api.db.query<Record<string, unknown>>('SELECT * FROM casbin_rule ORDER BY id');
    await api.db.query('DELETE FROM casbin_rule');
    await api.db.query("DELETE FROM schema_migrations WHERE version = '0008_all_organizations_right'");
    await migrate(api.db);
    expect(await api.db.query('SELECT 1 FROM casbin_rule')).toEqual([]);
    await api.db.query(`INSERT INTO casbin_rule SELECT * FROM json_populate_recordset(NULL::casbin_rule, $1::json)`, [
      JSON.stringify(policy),
    ]);
  });
});
