import { describe, expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

const api = fileApi();

const login = (username: string, password: string, lang?: string) =>
  api.call('POST', '/system/users/login', { body: { username, password }, lang });

describe('login', () => {
  it('issues a bearer token for a demo account, trimming the user name', async () => {
    const reply = await login('  admin ', 'admin123');
    expect(reply.code).toBe(20000);
    expect(reply.data).toMatchObject({ token_type: 'Bearer', expires_in: 28800 });
    expect(reply.data.access_token.split('.')).toHaveLength(3);
  });

  it('gives the same 60204 reply for a wrong password and an unknown account', async () => {
    const wrongPassword = await login('editor', 'nope-nope');
    const unknownUser = await login('nobody-here', 'nope-nope');
    expect(wrongPassword).toMatchObject({ status: 401, code: 60204, message: 'Account and password are incorrect.' });
    expect(unknownUser).toEqual(wrongPassword);
  });

  it('refuses a missing field with 40001 naming it', async () => {
    const reply = await api.call('POST', '/system/users/login', { body: { username: 'admin' } });
    expect(reply.code).toBe(40001);
    expect(reply.data.errors).toEqual([{ field: 'password', message: 'The field is required' }]);
  });

  it('locks an account after ten wrong passwords within 15 minutes, even for the right one', async () => {
    for (let i = 0; i < 10; i++) expect((await login('shipper', `wrong-${i}`)).code).toBe(60204);
    const locked = await login('shipper', 'shipper123', 'en');
    expect(locked).toMatchObject({ status: 429, code: 42901 });
    expect(locked.message).toMatch(/Try again in 15 minutes/);
    expect((await login('admin', 'admin123')).code).toBe(20000);
    await api.db.query(`UPDATE login_failures SET failed_at = failed_at - interval '16 minutes'`);
    expect((await login('shipper', 'shipper123')).code).toBe(20000);
  });
});

describe('getInfo and logout', () => {
  it('returns the user with the resources of the policy', async () => {
    const token = await api.login('editor');
    const { data } = await api.call('POST', '/system/users/getInfo', { token });
    expect(data).toMatchObject({ name: expect.any(String), roles: ['editor'], avatar: '', organizationId: null });
    expect(data.resources).toContainEqual({ name: 'config.ports', type: 1 });
    expect(data.resources).toContainEqual({ name: 'config.ports.create', type: 3 });
    expect(data.resources).not.toContainEqual({ name: 'config.ports.delete', type: 3 });
  });

  it('gives the shipper their organization', async () => {
    const token = await api.login('shipper');
    const { data } = await api.call('POST', '/system/users/getInfo', { token });
    expect(data.roles).toEqual(['shipper']);
    expect(data.organizationId).toEqual(expect.any(Number));
  });

  it('revokes the token on logout: reusing it is 50008', async () => {
    const token = await api.login('admin');
    const other = await api.login('admin');
    expect((await api.call('POST', '/system/users/logout', { token })).code).toBe(20000);
    expect(await api.call('POST', '/system/users/getInfo', { token })).toMatchObject({ status: 401, code: 50008 });
    expect((await api.call('POST', '/system/users/getInfo', { token: other })).code).toBe(20000);
  });
});

describe('changePwd', () => {
  it('checks the SPEC 5 rules with translated messages', async () => {
    const token = await api.login('editor');
    const en = await api.call('POST', '/system/users/changePwd', {
      token,
      body: { oldPwd: '', newPwd: '123', confirmPwd: '' },
    });
    expect(en.code).toBe(40001);
    expect(en.data.errors).toEqual([
      { field: 'oldPwd', message: 'The field is required' },
      { field: 'newPwd', message: 'password cannot be fewer than 6 characters' },
      { field: 'confirmPwd', message: 'The field is required' },
    ]);
    const zh = await api.call('POST', '/system/users/changePwd', {
      token,
      lang: 'zh',
      body: { oldPwd: 'editor123', newPwd: 'abcdef', confirmPwd: 'abcdeg' },
    });
    expect(zh.data.errors).toEqual([{ field: 'confirmPwd', message: '两次输入的密码不一致' }]);
    const wrongOld = await api.call('POST', '/system/users/changePwd', {
      token,
      body: { oldPwd: 'not-it', newPwd: 'abcdef', confirmPwd: 'abcdef' },
    });
    expect(wrongOld.data.errors).toEqual([{ field: 'oldPwd', message: 'The old password is incorrect' }]);
  });

  it('changes the password, keeps this token and signs other sessions out', async () => {
    const token = await api.login('editor');
    const elsewhere = await api.login('editor');
    const reply = await api.call('POST', '/system/users/changePwd', {
      token,
      body: { oldPwd: 'editor123', newPwd: 'n3w-secret', confirmPwd: 'n3w-secret' },
    });
    expect(reply.code).toBe(20000);
    expect((await api.call('POST', '/system/users/getInfo', { token })).code).toBe(20000);
    expect((await api.call('POST', '/system/users/getInfo', { token: elsewhere })).code).toBe(50008);
    expect((await login('editor', 'editor123')).code).toBe(60204);
    expect((await login('editor', 'n3w-secret')).code).toBe(20000);
  });
});
