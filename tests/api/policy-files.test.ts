import { beforeAll, describe, expect, it } from 'vitest';
import { applyPolicyFiles, readPolicyFiles } from '../../src/server/access/policy-files';
import type { PolicyLine } from '../../src/server/access/policy-store';
import { fileApi } from '../helpers/api';

/**
 * The policy files are the truth, with a visible difference (issue 39). A start applies what the
 * files changed since the last one (prepareDatabase calls applyPolicyFiles, as this test does with
 * edited files); what people change on the screen stays and is the drift, with who and when.
 */
let admin: string;
const files = readPolicyFiles();
const line = (role: string, object: string, type: number): PolicyLine => ({
  ptype: 'p',
  values: [role, object, String(type)],
});
/**
 * A start with these files: applied, then the enforcer loaded, as app.ts does before it serves.
 * Waiting for the change notice instead would race it on PostgreSQL, where it arrives on its own.
 */
const start = async (lines: PolicyLine[]) => {
  const applied = await api.db.transaction((tx) => applyPolicyFiles(tx, lines));
  await api.app.policy.reload();
  return applied;
};
const rightsOf = async (role: string) => {
  const id = (await api.call('GET', `/system/roles?name=${role}`, { token: admin })).data.rows[0].id;
  return {
    id,
    names: (
      (await api.call('GET', `/system/roles/${id}/resources`, { token: admin })).data.rows as { name: string }[]
    ).map((r) => r.name),
  };
};
const drift = async () =>
  (await api.call('GET', '/system/roles/policy/drift', { token: admin })).data as {
    added: { line: string; by: string | null; at: string | null }[];
    removed: { line: string; by: string | null; at: string | null }[];
  };

const api = fileApi();
beforeAll(async () => {
  admin = await api.login('admin');
});

describe('the policy files', () => {
  it('are the live policy of a new database, with no drift', async () => {
    expect(await drift()).toEqual({ added: [], removed: [] });
  });

  it('grant a line added to them at the next start, and revoke a line removed', async () => {
    expect((await rightsOf('shipper')).names).not.toContain('products.spus.create');
    const added = await start([...files, line('shipper', 'products.spus.create', 3)]);
    expect(added.granted).toEqual(['p, shipper, products.spus.create, 3']);
    expect((await rightsOf('shipper')).names).toContain('products.spus.create');
    const removed = await start(files);
    expect(removed.revoked).toEqual(['p, shipper, products.spus.create, 3']);
    expect((await rightsOf('shipper')).names).not.toContain('products.spus.create');
    expect(await drift()).toEqual({ added: [], removed: [] });
  });

  it('never grant again a line a person removed on the screen: a conflict, and drift with its author', async () => {
    const shipper = await rightsOf('shipper');
    const without = shipper.names.filter((n) => n !== 'orders.addresses.delete');
    expect(
      (await api.call('PUT', `/system/roles/${shipper.id}/resources`, { token: admin, body: { resources: without } }))
        .code,
    ).toBe(20000);
    const restarted = await start(files);
    expect(restarted.granted).toEqual([]);
    expect(restarted.conflicts).toEqual(['p, shipper, orders.addresses.delete, 3']);
    expect((await rightsOf('shipper')).names).not.toContain('orders.addresses.delete');
    const { removed } = await drift();
    expect(removed).toEqual([
      { line: 'p, shipper, orders.addresses.delete, 3', by: 'Admin 管理员', at: expect.any(String) },
    ]);
  });

  it('list a screen grant as drift with who made it, and take it as theirs once they hold it', async () => {
    const editor = await rightsOf('editor');
    const granted = await api.call('PUT', `/system/roles/${editor.id}/resources`, {
      token: admin,
      body: { resources: [...editor.names, 'config.countries.create'] },
    });
    expect(granted.code).toBe(20000);
    const { added } = await drift();
    expect(added).toEqual([
      { line: 'p, editor, config.countries.create, 3', by: 'Admin 管理员', at: expect.any(String) },
    ]);
    // The files gain it: theirs from now on, so the files losing it again takes it away.
    await start([...files, line('editor', 'config.countries.create', 3)]);
    const [{ source }] = await api.db.query<{ source: string }>(
      "SELECT source FROM casbin_rule WHERE v0 = 'editor' AND v1 = 'config.countries.create'",
    );
    expect(source).toBe('file');
    expect((await start(files)).revoked).toEqual(['p, editor, config.countries.create, 3']);
    expect((await drift()).added).toEqual([]);
  });

  it("keep a role's lines theirs when a person edits the role on the screen", async () => {
    await start([...files, line('editor', 'config.countries.edit', 3)]);
    const editor = await rightsOf('editor');
    // Another right granted on the screen rewrites the role's rights; the files' line stays theirs.
    const edited = await api.call('PUT', `/system/roles/${editor.id}/resources`, {
      token: admin,
      body: { resources: [...editor.names, 'config.countries.create'] },
    });
    expect(edited.code).toBe(20000);
    expect((await start(files)).revoked).toEqual(['p, editor, config.countries.edit, 3']);
    expect((await rightsOf('editor')).names).toEqual(expect.arrayContaining(['config.countries.create']));
    expect((await rightsOf('editor')).names).not.toContain('config.countries.edit');
  });
});
