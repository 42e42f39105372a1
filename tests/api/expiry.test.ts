import { expect, it } from 'vitest';
import { fileApi } from '../helpers/api';

const api = fileApi({ tokenTtlSeconds: 3 });

// JWT times are whole seconds, so a 3 s lifetime is at least 2 s after any login.
it('answers an expired token with 401/50014', async () => {
  const token = await api.login('admin');
  expect((await api.call('POST', '/system/users/getInfo', { token })).code).toBe(20000);
  await new Promise((resolve) => setTimeout(resolve, 4200));
  const reply = await api.call('POST', '/system/users/getInfo', { token, lang: 'zh' });
  expect(reply).toMatchObject({ status: 401, code: 50014, message: '登录已过期，请重新登录。' });
});
